// Small hooks of the option page. They mirror the market page's (use-locale, use-now, data-age)
// rather than import them: sharing those modules re-partitions the chunks home loads first and
// costs about 1 KiB gzip of the home budget (measured with bench/home-js-size.ts).
import { useEffect, useState } from 'react';
import { BCP47 } from '../../../domain/locale';
import { usePrefs } from '../../core/contexts';

/** The BCP-47 tag numbers and dates are formatted with, from the UI language. */
export function useLocale(): string {
  return BCP47[usePrefs().lang];
}

/** The current time in ms, refreshed every `everyMs`. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** `3 min ago` in the UI language, for data shown from the device's copy. */
export function ageText(at: number, now: number, locale: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s >= 86_400) return rtf.format(-Math.floor(s / 86_400), 'day');
  if (s >= 3_600) return rtf.format(-Math.floor(s / 3_600), 'hour');
  if (s >= 60) return rtf.format(-Math.floor(s / 60), 'minute');
  return rtf.format(0, 'second');
}
