import { useState } from 'react';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../i18n/use-translation';
import { DataAge } from '../../components/data-age';
import type { NewsListState } from './use-news';
import { NewsList } from './news-list';

function MoreButton({ onMore }: { onMore(): Promise<void> }) {
  const { t } = useTranslation('content');
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn--secondary btn--block news-more"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onMore().finally(() => setBusy(false));
      }}
      data-testid="news-more"
    >
      {busy ? <Spinner size={18} /> : t('news.older')}
    </button>
  );
}

/** A list with its states: loading, from the device (dated), failed without a copy, empty. */
export function NewsListBody({
  list,
  empty,
  onRetry,
  onMore,
}: {
  list: NewsListState;
  empty: string;
  onRetry(): void;
  /** Loads the next page; shown while the server says more may follow. */
  onMore?: () => Promise<void>;
}) {
  const { t } = useTranslation(['content', 'common']);
  if (list.items === null || (list.items.length === 0 && list.loading && list.cachedAt === null)) {
    return (
      <div className="state" data-testid="news-loading">
        <Spinner size={28} />
      </div>
    );
  }
  const offline = list.failed && (
    <div className="news-offline" data-testid="news-offline">
      <Icon name="wifiOff" size={16} />
      <span>{list.cachedAt !== null ? t('news.savedCopy') : t('news.loadFailed')}</span>
      <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
        {t('common:actions.retry')}
      </button>
    </div>
  );
  return (
    <>
      {offline}
      {list.cachedAt !== null && (
        <p className="news-age">
          <DataAge at={list.cachedAt} testId="news-age" />
        </p>
      )}
      {list.items.length === 0 ? (
        <div className="state" data-testid="news-empty">
          <span className="state__icon">
            <Icon name="news" size={32} />
          </span>
          <p className="state__text">{empty}</p>
        </div>
      ) : (
        <NewsList items={list.items} />
      )}
      {onMore && list.hasMore && list.cachedAt === null && <MoreButton onMore={onMore} />}
    </>
  );
}
