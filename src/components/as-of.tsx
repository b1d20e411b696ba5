import { useState } from 'react';
import { usePrefs } from '../core/contexts';
import type { DataTime } from '../core/use-private-read';
import { BCP47 } from '../../domain/locale';
import { useTranslation } from '../i18n/use-translation';
import { formatAsOf } from './as-of-format';
import { Icon } from './icons';
import { useOnline } from './use-online';

/**
 * "As of 14:02": shown while the data comes from the device (saved earlier) or the app cannot
 * reach the server (what is shown may have changed since). Nothing for live data while online.
 */
export function AsOf({ time, testId = 'as-of' }: { time: DataTime; testId?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const locale = BCP47[usePrefs().lang];
  // "Today" is judged against when the note appeared; the time itself never changes.
  const [now] = useState(() => Date.now());
  if (!time || (online && time.source === 'live')) return null;
  return (
    <p className="as-of" data-testid={testId} data-source={time.source}>
      <Icon name="clock" size={14} />
      {t('offline.asOf', { time: formatAsOf(time.savedAt, now, locale) })}
    </p>
  );
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
