import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ReasonDialog } from '../components/reason-dialog';
import { useDuty } from '../core/session';
import { toast } from '../core/toast';
import { useCall } from '../core/use-call';
import { History } from './history';
import { Images } from './images';
import { decisionsFor, isWaiting, statusKey, type Decision, type QueueItem, type QueueSpec } from './spec';
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

/** One item of a queue: its facts, images, history, and the decisions while it waits for one. */
export function QueueDetail<T extends QueueItem>({ spec }: { spec: QueueSpec<T> }) {
  const show = useShow();
  const { t } = show;
  const call = useCall();
  const id = Number(useParams().id);
  const [item, setItem] = useItem(spec, id);
  const [asking, setAsking] = useState<Decision<T> | null>(null);
  const [stamp, setStamp] = useState(0);
  const mayReview = useDuty('review');
  const mayAudit = useDuty('admin');
  if (item === undefined) return <p className="loading">…</p>;
  if (item === null) return <p className="empty">{t('detail.notFound')}</p>;

  const decide = async (d: Decision<T>, text: string) => {
    const next = await d.run(call, item, text);
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
                  onClick={() => (d.ask ? setAsking(d) : void decide(d, ''))}
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
        {mayAudit ? (
          <History
            targetType={spec.targetType}
            targetId={spec.targetId?.(item) ?? String(item.id)}
            stamp={stamp}
          />
        ) : null}
      </div>
      {asking?.ask && (
        <ReasonDialog
          title={t(asking.ask.title)}
          label={t(asking.ask.label)}
          {...(asking.warning && { warning: t(asking.warning) })}
          check={(v) => {
            const problem = asking.ask?.check?.(v);
            return problem ? t(problem) : null;
          }}
          confirm={t(asking.label)}
          danger={asking.kind === 'refuse'}
          onSubmit={(text) => decide(asking, text)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
