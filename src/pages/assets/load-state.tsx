import { useTranslation } from '../../i18n/use-translation';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';

/**
 * What an assets page shows before its data is in: a spinner while loading, or – after a failed
 * load, whose reason the intent handler already showed – a short text and a retry button.
 */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  const { t } = useTranslation(['assets', 'common']);
  if (!failed) {
    return (
      <div className="state" data-testid="assets-loading">
        <Spinner size={28} />
      </div>
    );
  }
  return (
    <div className="state" data-testid="assets-error">
      <span className="state__icon">
        <Icon name="wifiOff" size={32} />
      </span>
      <p className="state__text">{t('loadFailed')}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {t('common:actions.retry')}
      </button>
    </div>
  );
}

/** The small form of a failed load, inside a section of a page that otherwise shows. */
export function InlineRetry({ onRetry, testId }: { onRetry(): void; testId?: string }) {
  const { t } = useTranslation(['assets', 'common']);
  return (
    <div className="assets-state" data-testid={testId}>
      <p>{t('loadFailed')}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
        <Icon name="refresh" size={16} />
        {t('common:actions.retry')}
      </button>
    </div>
  );
}
