import { useCallback, useEffect, useState } from 'react';
import { LIVE_TITLE_MAX, type LiveStream } from '../../../../domain/zhibo-types';
import type { StreamRow } from '../../../worker/routes';
import { moment } from '../../core/format';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { fromLocalInput, localInput, scheduleProblem, settingInForce } from './live-time';
import '../publish/publish.css';

interface Form {
  title: string;
  url: string;
  startsAt: string;
  endsAt: string;
}

/** What plays now, or what is scheduled. */
function StreamNow({ current, setting }: { current: LiveStream; setting: StreamRow | null }) {
  const { t, locale } = useTranslation();
  let state: 'onAir' | 'scheduled' | 'none' = 'none';
  if (setting) state = current.live ? 'onAir' : 'scheduled';
  return (
    <div className="card live-now">
      <h2 className="card__title">{t('stream.now')}</h2>
      <p data-testid="live-state" data-state={state}>
        <span className={`badge badge--${state === 'onAir' ? 'approved' : 'review'}`}>
          {t(`stream.${state}`)}
        </span>{' '}
        {setting?.title}
      </p>
      {setting?.url && <code className="wrap">{setting.url}</code>}
      {setting && (setting.starts_at !== null || setting.ends_at !== null) && (
        <p className="note">
          {moment(setting.starts_at, locale)} → {moment(setting.ends_at, locale)}
        </p>
      )}
    </div>
  );
}

/** The settings made before, newest first. */
function StreamHistory({ rows }: { rows: StreamRow[] }) {
  const { t, locale } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <div className="card">
      <h2 className="card__title">{t('stream.history')}</h2>
      <ul className="history">
        {rows.map((h) => (
          <li key={h.id}>
            <span className="history__when">{moment(h.created_at, locale)}</span> · {h.set_by} ·{' '}
            {h.url ? h.title : t('stream.clearedEntry')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** When the stream starts and ends (both optional), and what is wrong with them. */
function ScheduleFields({
  form,
  problem,
  onEdit,
}: {
  form: Form;
  problem: string | null;
  onEdit: (patch: Partial<Form>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="editor__row">
        <label className="field">
          <span className="field__label">{t('stream.startsAt')}</span>
          <input
            type="datetime-local"
            className="field__input"
            value={form.startsAt}
            onChange={(e) => onEdit({ startsAt: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('stream.endsAt')}</span>
          <input
            type="datetime-local"
            className="field__input"
            value={form.endsAt}
            onChange={(e) => onEdit({ endsAt: e.target.value })}
          />
        </label>
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {t(problem)}
        </p>
      )}
    </>
  );
}

/** A new setting (what was typed stays after an error) and clearing the one in force. */
function StreamForm({
  current,
  allowedOrigins,
  onChanged,
}: {
  current: StreamRow | null;
  allowedOrigins: string[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const call = useCall();
  const support = useDuty('support');
  // What the operator typed; until then the form shows the setting in force.
  const [typed, setForm] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const form: Form = typed ?? {
    title: current?.title ?? '',
    url: current?.url ?? '',
    startsAt: localInput(current?.starts_at ?? null),
    endsAt: localInput(current?.ends_at ?? null),
  };
  const edit = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const startsAt = fromLocalInput(form.startsAt);
  const endsAt = fromLocalInput(form.endsAt);
  const problem = scheduleProblem(startsAt, endsAt, now);

  const set = async () => {
    if (problem || busy || !form.title.trim() || !form.url.trim()) return;
    setBusy(true);
    const out = await call('zhibo/set', {
      title: form.title.trim(),
      url: form.url.trim(),
      ...(startsAt !== null && { startsAt }),
      ...(endsAt !== null && { endsAt }),
    });
    setBusy(false);
    if (out) {
      toast.success(t('stream.saved'));
      setForm(null);
      onChanged();
    }
  };
  const clear = async () => {
    if (!window.confirm(t('stream.clearConfirm'))) return;
    if (await call('zhibo/clear', {})) {
      toast.success(t('stream.cleared'));
      setForm(null);
      onChanged();
    }
  };

  return (
    <form
      className="card live-form"
      onSubmit={(e) => {
        e.preventDefault();
        void set();
      }}
    >
      <fieldset disabled={!support} className="editor__fields">
        <label className="field">
          <span className="field__label">{t('stream.streamTitle')}</span>
          <input
            className="field__input"
            maxLength={LIVE_TITLE_MAX}
            value={form.title}
            data-testid="live-title"
            onChange={(e) => edit({ title: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('stream.url')}</span>
          <input
            className="field__input"
            inputMode="url"
            value={form.url}
            data-testid="live-url"
            onChange={(e) => edit({ url: e.target.value })}
          />
          <span className="note">
            {allowedOrigins.length > 0
              ? t('stream.urlHint', { origins: allowedOrigins.join(', ') })
              : t('stream.urlHintLocal')}
          </span>
        </label>
        <ScheduleFields form={form} problem={problem} onEdit={edit} />
      </fieldset>
      {support && (
        <div className="row-actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={busy || !!problem}
            data-testid="live-set"
          >
            {t('stream.set')}
          </button>
          {current && (
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => void clear()}
              data-testid="live-clear"
            >
              {t('stream.clear')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** The live stream setting: what plays now, a new setting (kept on an error), clearing, history. */
export function Page() {
  const { t } = useTranslation();
  const call = useCall();
  const load = useCallback(() => call('zhibo', {}), [call]);
  const { data, reload } = useLoad(load);
  if (data === undefined) return <p className="loading">…</p>;
  if (data === null)
    return (
      <div className="empty">
        <p>{t('stream.failed')}</p>
        <button type="button" className="btn" onClick={reload}>
          {t('action.refresh')}
        </button>
      </div>
    );
  const setting = settingInForce(data.current, data.history);
  return (
    <section className="page" data-testid="live-page">
      <header className="page__head">
        <h1 className="page__title">{t('stream.title')}</h1>
      </header>
      <StreamNow current={data.current} setting={setting} />
      <StreamForm current={setting} allowedOrigins={data.allowedOrigins} onChanged={reload} />
      <StreamHistory rows={data.history} />
    </section>
  );
}
