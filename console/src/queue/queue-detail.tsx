import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ReasonDialog } from '../components/reason-dialog';
import { getApi } from '../core/api';
import { useDuty } from '../core/session';
import { toast } from '../core/toast';
import { problemText, useCall } from '../core/use-call';
import type { CallResult } from '../../worker/api';
import { History } from './history';
import { Images } from './images';
import {
  decisionsFor,
  isWaiting,
  statusKey,
  type Call,
  type Decision,
  type QueueItem,
  type QueueSpec,
} from './spec';
import { useShow } from './use-show';

/** The item `id`: the one the list passed along, else read (the newest at or below `id`). */
function useItem<T extends QueueItem>(spec: QueueSpec<T>, id: number) {
  const call = useCall();
  const passed = useLocation().state as T | null;
  const [item, setItem] = useState<T | null | undefined>(passed?.id === id ? passed : undefined);
  useEffect(() => {
    if (item !== undefined) return;
    if (spec.load) {
      void spec.load(call, id).then(setItem);
      return;
    }
    void call(spec.route, { before: id + 1, limit: 1 } as never).then((rows) => {
      const row = (rows as T[] | null)?.[0];
      setItem(row?.id === id ? row : null);
    });
  }, [call, spec, id, item]);
  return [item, setItem] as const;
}

/** A decision being asked about: its text so far, and whether the authenticator's code is wanted. */
interface Asking<T> {
  d: Decision<T>;
  text: string;
  code: boolean;
}

/**
 * One item of a queue: its facts, images, history, and the decisions while it waits for one. A
 * money-affecting decision the server will not take without a TOTP code (`opsTotpRequired`, its
 * step-up window closed; server/ops/auth-service.ts) opens the dialog again asking for the code, the
 * text typed kept; the code goes with the decision's call as `totp`.
 */
export function QueueDetail<T extends QueueItem>({ spec }: { spec: QueueSpec<T> }) {
  const show = useShow();
  const { t } = show;
  const id = Number(useParams().id);
  const [item, setItem] = useItem(spec, id);
  const [asking, setAsking] = useState<Asking<T> | null>(null);
  const [stamp, setStamp] = useState(0);
  const mayReview = useDuty('review');
  if (item === undefined) return <p className="loading">…</p>;
  if (item === null) return <p className="empty">{t('detail.notFound')}</p>;

  /** `call` with the code added as `totp`; a refusal about the code asks for one (again). */
  const withCode = (d: Decision<T>, text: string, code: string): Call =>
    (async (name, input) => {
      const r = (await getApi().call(
        name,
        (code ? { ...input, totp: code } : input) as never,
      )) as CallResult<unknown>;
      if (r.ok) return r.data;
      if (r.field === 'totp') {
        if (r.messageKey !== 'opsTotpRequired') toast.error(problemText(r, t));
        setAsking({ d, text, code: true });
      } else if (r.problem !== 'signIn') toast.error(problemText(r, t));
      return null;
    }) as Call;
  const decide = async (d: Decision<T>, text: string, code = '') => {
    const next = await d.run(withCode(d, text, code), item, text);
    if (!next) return;
    setItem(next);
    setAsking(null);
    setStamp((s) => s + 1);
    toast.success(t('detail.decided'));
  };
  const waiting = isWaiting(spec, item);
  const offered = decisionsFor(spec, item);
  const More = spec.more;
  return (
    <section className="page" data-testid="queue-detail">
      <header className="page__head">
        <Link to=".." relative="path" className="btn btn--ghost">
          ← {t(spec.title)}
        </Link>
        <h1 className="page__title">
          #{item.id} <span className={`badge badge--${item.status}`}>{t(statusKey(spec, item.status))}</span>
        </h1>
      </header>
      <div className="detail">
        <section className="card">
          <dl className="facts">
            {spec.details.map((line) => (
              <div key={line.label} className="facts__row">
                <dt>{t(line.label)}</dt>
                <dd>{line.value(item, show)}</dd>
              </div>
            ))}
          </dl>
          {waiting && mayReview && (
            <div className="decisions">
              {offered.map((d) => (
                <button
                  key={d.label}
                  type="button"
                  className={`btn ${d.kind === 'refuse' ? 'btn--danger' : 'btn--primary'}`}
                  data-testid={`decide-${d.kind}`}
                  onClick={() => (d.ask ? setAsking({ d, text: '', code: false }) : void decide(d, ''))}
                >
                  {t(d.label)}
                </button>
              ))}
            </div>
          )}
          {waiting && !mayReview && <p className="note">{t('problem.forbidden')}</p>}
        </section>
        {More ? <More item={item} stamp={stamp} /> : null}
        {mayReview ? <Images images={spec.images(item)} /> : null}
        <History
          targetType={spec.targetType}
          targetId={spec.targetId?.(item) ?? String(item.id)}
          stamp={stamp}
        />
      </div>
      {asking && (
        <ReasonDialog
          // A new dialog when the code is asked for, so it opens with the text kept and the code empty.
          key={asking.code ? 'code' : 'text'}
          title={t(asking.d.ask?.title ?? 'stepUp.title')}
          label={asking.d.ask ? t(asking.d.ask.label) : undefined}
          {...(asking.d.warning && { warning: t(asking.d.warning) })}
          check={(v) => {
            const problem = asking.d.ask?.check?.(v);
            return problem ? t(problem) : null;
          }}
          initial={asking.text}
          askText={asking.d.ask !== undefined}
          askCode={asking.code}
          confirm={t(asking.d.label)}
          danger={asking.d.kind === 'refuse'}
          onSubmit={(text, code) => decide(asking.d, text, code)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
