// Small hooks of the option page. They mirror the market page's use-locale and the data-age badge's clock
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
