import { useEffect, useState } from 'react';
import { BCP47 } from '../../../domain/locale';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "Updated 3 min ago" for a copy read from the device. Its own small component rather than the
 * market's, so the content pages do not split a chunk the home page loads first.
 */
export function SavedAge({ at, testId }: { at: number; testId?: string }) {
  const { t } = useTranslation();
  const { lang } = usePrefs();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const rtf = new Intl.RelativeTimeFormat(BCP47[lang], { numeric: 'auto', style: 'short' });
  const elapsed = Math.max(0, now - at);
  const unit = UNITS.find(([, ms]) => elapsed >= ms);
  const age = unit ? rtf.format(-Math.floor(elapsed / unit[1]), unit[0]) : rtf.format(0, 'second');
  return (
    <span className="data-age" data-testid={testId}>
      <span className="data-age__dot" aria-hidden="true" />
      {t('updatedAgo', { age })}
    </span>
  );
}
