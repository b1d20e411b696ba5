import { useTranslation } from '../i18n/use-translation';
import { Icon } from './icons';
import { useOnline } from './use-online';

/** An always-visible strip while offline, so cached data is never mistaken for live data. */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <Icon name="wifiOff" size={16} />
      {t('offline.banner')}
    </div>
  );
}
