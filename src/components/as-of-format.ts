/** One day, in milliseconds. */
const DAY_MS = 86_400_000;

/**
 * "14:02" for a time of today, "23 Nov, 14:02" for an older one, in `locale`; the time the data
 * shown was current (the weak-network rule: cached data is always dated).
 */
export function formatAsOf(at: number, now: number, locale: string): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString() && now - at < DAY_MS;
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(locale, options).format(at);
}
