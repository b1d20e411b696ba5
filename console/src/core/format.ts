// Numbers and times as the console shows them, in the operator's language. Amounts come as decimal
// strings and are written with every digit they have (an operator checks exact figures); nothing
// here computes with money.
import { NO_NUMBER, formatNumber, fractionDigits } from '../../../domain/display';

/** A decimal string with the locale's separators and all its digits (`1234.5` → `1,234.5`). */
export function decimal(value: string | null | undefined, locale: string): string {
  if (value === null || value === undefined) return NO_NUMBER;
  return formatNumber(value, { locale, decimals: fractionDigits(value.trim()) });
}

/** A moment (milliseconds since the epoch) as date and time, or a dash. */
export function moment(ms: number | null | undefined, locale: string): string {
  if (ms === null || ms === undefined) return NO_NUMBER;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(ms);
}
