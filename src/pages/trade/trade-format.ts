import { BCP47 } from '../../../domain/locale';
import type { Lang } from '../../../domain/locale';

/** Shown where a value does not exist yet (an average price before the first fill). */
export const NONE = '—';

/**
 * A time in milliseconds since the epoch, as date and time in the UI language (its own hour cycle):
 * the one time format of lists, cards and receipts. `precise` adds the milliseconds, in the same
 * format, where a time names a trade that can be checked to the millisecond (receipts).
 */
export function formatMs(ms: number, lang: Lang, options?: { precise?: boolean }): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return NONE;
  return new Intl.DateTimeFormat(BCP47[lang], {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(options?.precise && { fractionalSecondDigits: 3 }),
  }).format(d);
}

/** A new client order id: 32 hex characters (fits the server's 1–40 `[A-Za-z0-9_-]`). */
export function newClientOrderId(): string {
  const bytes = new Uint8Array(16);
  // getRandomValues works on plain http too, unlike randomUUID.
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
