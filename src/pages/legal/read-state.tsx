import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade/trade-format';

/**
 * Loading, failure, not-found and empty states of a fiat read; children once there is data. A failed
 * load offers a retry, so no spinner runs without an end; a missing record is not a network failure.
 */
export function ReadState({
  read,
  empty,
  notFound,
  children,
}: {
  read: { data: unknown; failed: boolean; notFound?: boolean; reload(): Promise<void> };
  /** The empty text when the data is an empty list. */
  empty?: string | null;
  /** What is missing when the server has no such record (a shop, an order); a generic text by default. */
  notFound?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(['legal', 'common']);
  if (read.data === null || read.data === undefined) {
    if (read.notFound) return <NotFoundState text={notFound ?? t('notFound')} />;
    if (!read.failed) {
      return (
        <div className="state" data-testid="legal-loading">
          <Spinner size={28} />
        </div>
      );
    }
    return (
      <div className="state" data-testid="legal-error">
        <span className="state__icon">
          <Icon name="wifiOff" size={32} />
        </span>
        <p className="state__text">{t('loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void read.reload()}>
          <Icon name="refresh" size={18} />
          {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  if (empty) {
    return (
      <div className="state" data-testid="legal-empty">
        <span className="state__icon">
          <Icon name="orders" size={32} />
        </span>
        <p className="state__text">{empty}</p>
      </div>
    );
  }
  return <>{children}</>;
}

/** A record that does not exist: its own icon and words, nothing to retry (it is not the network). */
export function NotFoundState({ text }: { text: string }) {
  const { t } = useTranslation(['legal', 'common']);
  return (
    <div className="state" data-testid="legal-not-found">
      <span className="state__icon">
        <Icon name="info" size={32} />
      </span>
      <p className="state__text">{text}</p>
      <Link className="btn btn--secondary" to="/pages/legal/legal">
        {t('backToHall')}
      </Link>
    </div>
  );
}

/** "Shown from <time>" while a page renders what the worker last knew. */
export function Cached({ at }: { at: number | null }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  if (at === null) return null;
  return (
    <p className="note legal-cached" data-testid="legal-cached">
      <Icon name="clock" size={16} />
      {t('cached', { time: formatMs(at, lang) })}
    </p>
  );
}
