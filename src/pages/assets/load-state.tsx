import { useTranslation } from '../../i18n/use-translation';
import { Icon } from '../../components/icons';
import { LoadState as SharedLoadState } from '../../components/load-state';

/** The assets area's {@link SharedLoadState}: its text and its `assets-loading` / `assets-error` testids. */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  const { t } = useTranslation('assets');
  return <SharedLoadState failed={failed} onRetry={onRetry} failedText={t('loadFailed')} testId="assets" />;
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
