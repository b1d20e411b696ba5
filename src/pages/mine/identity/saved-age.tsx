import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useBcp47 } from './use-bcp47';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "Updated 3 min ago" for an answer shown from the device's copy; nothing once the live answer is
 * in (`at` null). Its own small copy of the market's age label: importing that one would split it
 * into a chunk of its own that the home page then loads.
 */
export function SavedAge({ at, testId }: { at: number | null; testId?: string }) {
  const { t } = useTranslation();
  const locale = useBcp47();
  // When the page showed it; the label is for a glance, it need not tick.
  const [now] = useState(Date.now);
  if (at === null) return null;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
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
