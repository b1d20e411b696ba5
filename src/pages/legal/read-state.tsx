import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DataAge } from '../../components/data-age';
import { Icon } from '../../components/icons';
import { LoadState } from '../../components/load-state';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';

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
    return (
      <LoadState
        failed={read.failed}
        onRetry={() => void read.reload()}
        failedText={t('loadFailed')}
        testId="legal"
      />
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
  return (
    <DataAge
      at={at}
      look="line"
      className="note legal-cached"
      iconSize={16}
      testId="legal-cached"
      text={(ms) => t('cached', { time: formatMs(ms, lang) })}
    />
  );
}
