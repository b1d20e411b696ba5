import { useEffect, useState } from 'react';
import type { Empty } from '../../../domain/endpoint-def';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { usePrefs } from '../../core/contexts';
import { usePublicRead } from '../../core/use-dated-read';
import { AsOf } from '../../components/as-of';
import { formatDateTime } from '../../i18n/format';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { browserConnection, meteredConnection } from './connection';
import { LivePlayer } from './live-player';

const NONE: Empty = {};

/** How often the page asks again what is on, in milliseconds. */
const POLL_MS = 60_000;

/** /pages/zhibo/zhibo: the operator's live stream, or an honest "no stream now" with the next one. */
export function ZhiboPage() {
  const { t } = useTranslation(['content', 'common']);
  const { lang } = usePrefs();
  // What is on, kept on the device: offline after one visit the page shows the last schedule, dated.
  const read = usePublicRead('zhibo/current', NONE);
  const { reload } = read;
  const stream = read.data;
  const failed = read.failed;
  const [metered] = useState(() => meteredConnection(browserConnection()));

  useEffect(() => {
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);

  // Ask again the moment a scheduled stream starts or ends.
  const next = stream?.live ? stream.endsAt : stream?.startsAt;
  useEffect(() => {
    if (next === null || next === undefined) return;
    const wait = next - Date.now() + 1_000;
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void reload(), wait);
    return () => clearTimeout(timer);
  }, [next, reload]);

  const when = (ms: number) => formatDateTime(new Date(ms).toISOString(), lang);
  let body;
  if (!stream) {
    body = failed ? (
      <div className="state" data-testid="live-error">
        <span className="state__icon">
          <Icon name="wifiOff" size={32} />
        </span>
        <p className="state__text">{t('zhibo.loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void reload()}>
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
  return (
    <Screen>
      <AsOf time={read.time} testId="live-as-of" />
      {body}
    </Screen>
  );
}
