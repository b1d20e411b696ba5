import { useEffect, useState } from 'react';
import { BCP47 } from '../../domain/locale';
import { usePrefs } from '../core/contexts';
import { useTranslation } from '../i18n/use-translation';
import { formatAsOf } from './as-of-format';
import { Icon } from './icons';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `3 min ago`, `yesterday`, `now` in the UI language. */
export function formatAge(at: number, now: number, locale: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const elapsed = Math.max(0, now - at);
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return rtf.format(-Math.floor(elapsed / ms), unit);
  }
  return rtf.format(0, 'second');
}

/** Props of {@link DataAge}. */
export interface DataAgeProps {
  /** When the shown data was current (ms); nothing is rendered for null. */
  at: number | null;
  testId?: string | undefined;
  /**
   * `ago` (the default): "Updated 3 min ago", refreshed every 15 s, for market data from the device
   * or a socket that is not streaming; `asOf`: "As of 14:02", the time a saved copy was current
   * ("today" judged against when the badge appeared; the time itself never changes).
   */
  says?: 'ago' | 'asOf';
  /** `pill` (the default): a dot and the words, beside a heading; `line`: a note line with a clock. */
  look?: 'pill' | 'line';
  /** A line's classes (`as-of` by default). */
  className?: string;
  /** A line's clock size (14 by default). */
  iconSize?: number;
  /** A line's `data-source` (where the data came from: `device`, `live`). */
  source?: string;
  /** A page's own words for the time, instead of `says` (such as the fiat pages' "Shown from …"). */
  text?: (at: number) => string;
}

/**
 * The one "data age" badge: how old, or from when, the data shown is (the weak-network rule: cached
 * data is always dated). `AsOf` is its form for a private read's `DataTime`.
 */
export function DataAge({
  at,
  testId,
  says = 'ago',
  look = 'pill',
  className,
  iconSize,
  source,
  text,
}: DataAgeProps) {
  const { t } = useTranslation();
  const locale = BCP47[usePrefs().lang];
  const ticking = says === 'ago' && !text;
  // The time the badge appeared; an `ago` badge moves it on every 15 s.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [ticking]);
  if (at === null) return null;
  const words = text
    ? text(at)
    : says === 'ago'
      ? t('updatedAgo', { age: formatAge(at, now, locale) })
      : t('offline.asOf', { time: formatAsOf(at, now, locale) });
  if (look === 'line') {
    return (
      <p className={className ?? 'as-of'} data-testid={testId} data-source={source}>
        <Icon name="clock" size={iconSize ?? 14} />
        {words}
      </p>
    );
  }
  return (
    <span className="data-age" data-testid={testId}>
      <span className="data-age__dot" aria-hidden="true" />
      {words}
    </span>
  );
}
