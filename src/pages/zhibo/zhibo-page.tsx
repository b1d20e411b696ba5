import { useCallback, useEffect, useState } from 'react';
import type { LiveStream } from '../../../domain/zhibo-types';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useCore, usePrefs } from '../../core/contexts';
import { coreCall } from '../../core/core-client';
import { formatDateTime } from '../../i18n/format';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { browserConnection, meteredConnection } from './connection';
import { LivePlayer } from './live-player';

/** How often the page asks again what is on, in milliseconds. */
const POLL_MS = 60_000;

/** /pages/zhibo/zhibo: the operator's live stream, or an honest "no stream now" with the next one. */
export function ZhiboPage() {
  const { t } = useTranslation(['content', 'common']);
  const { core } = useCore();
  const { lang } = usePrefs();
  const [stream, setStream] = useState<LiveStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [metered] = useState(() => meteredConnection(browserConnection()));

  const fetchNow = useCallback(async () => {
    const out = await coreCall(core, 'zhibo/current', {});
    return out.ok ? out.data : null;
  }, [core]);
  const apply = useCallback((s: LiveStream | null) => {
    setFailed(s === null);
    if (s) setStream(s);
  }, []);

  useEffect(() => {
    let live = true;
    const run = () => void fetchNow().then((s) => live && apply(s));
    run();
    const timer = setInterval(run, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [fetchNow, apply]);

  // Ask again the moment a scheduled stream starts or ends.
  const next = stream?.live ? stream.endsAt : stream?.startsAt;
  useEffect(() => {
    if (next === null || next === undefined) return;
    const wait = next - Date.now() + 1_000;
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    let live = true;
    const timer = setTimeout(() => void fetchNow().then((s) => live && apply(s)), wait);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [next, fetchNow, apply]);

  const when = (ms: number) => formatDateTime(new Date(ms).toISOString(), lang);
  let body;
  if (!stream) {
    body = failed ? (
      <div className="state" data-testid="live-error">
        <span className="state__icon">
          <Icon name="wifiOff" size={32} />
        </span>
        <p className="state__text">{t('zhibo.loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void fetchNow().then(apply)}>
          {t('common:actions.retry')}
        </button>
      </div>
    ) : (
      <div className="state">
        <Spinner size={28} />
      </div>
    );
  } else if (stream.live && stream.url) {
    body = (
      <section className="live" data-testid="live-on">
        <LivePlayer url={stream.url} autoplay={!metered} />
        <h2 className="live__title">
          <span className="badge badge--live">{t('zhibo.live')}</span> {stream.title}
        </h2>
        {stream.endsAt !== null && <p className="muted">{t('zhibo.until', { time: when(stream.endsAt) })}</p>}
        {metered && (
          <p className="muted" data-testid="live-metered">
            {t('zhibo.metered')}
          </p>
        )}
      </section>
    );
  } else {
    body = (
      <div className="state" data-testid="live-none">
        <span className="state__icon">
          <Icon name="live" size={32} />
        </span>
        <p className="state__title">{t('zhibo.none')}</p>
        {stream.startsAt !== null ? (
          <p className="state__text" data-testid="live-next">
            {t('zhibo.next', { title: stream.title, time: when(stream.startsAt) })}
          </p>
        ) : (
          <p className="state__text">{t('zhibo.noneScheduled')}</p>
        )}
      </div>
    );
  }
  return <Screen>{body}</Screen>;
}
