import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * Before a page's data is in: a spinner while loading, or – after a failed load, whose reason the
 * intent handler already showed – a short text and a retry button.
 */
export function IdentityLoad({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  const { t } = useTranslation(['identity', 'common']);
  if (!failed) {
    return (
      <div className="state" data-testid="identity-loading">
        <Spinner size={28} />
      </div>
    );
  }
  return (
    <div className="state" data-testid="identity-error">
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
