import type { DataTime } from '../core/use-private-read';
import { useTranslation } from '../i18n/use-translation';
import { DataAge } from './data-age';
import { Icon } from './icons';
import { useOnline } from './use-online';

/**
 * "As of 14:02": shown while the data comes from the device (saved earlier) or the app cannot
 * reach the server (what is shown may have changed since). Nothing for live data while online.
 */
export function AsOf({ time, testId = 'as-of' }: { time: DataTime; testId?: string }) {
  const online = useOnline();
  if (!time || (online && time.source === 'live')) return null;
  return <DataAge at={time.savedAt} says="asOf" look="line" source={time.source} testId={testId} />;
}

/**
 * What a private view shows when its read failed and it has nothing to show, instead of a spinner
 * that would never end: offline, that nothing was saved on this device for it yet; online, that it
 * could not be loaded, with a retry.
 */
export function NothingSaved({
  testId = 'nothing-saved',
  onRetry,
}: {
  testId?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="nothing-saved" data-testid={testId}>
      <Icon name="wifiOff" size={16} />
      <span>{t(online ? 'offline.notLoaded' : 'offline.nothingSaved')}</span>
      {online && onRetry && (
        <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      )}
    </div>
  );
}
