/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Milliseconds after UTC midnight of an `HH:MM` time of day. */
function offsetOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return (h * 60 + m) * 60_000;
}

/**
 * The fee day of an overnight instant (epoch ms): its UTC date, `YYYY-MM-DD`. The overnight fee is
 * daily, so a run is keyed by this day, not by the instant: each open position is charged at most
 * once per fee day, whatever time of day the catalog names now or named before. Consequences of a
 * changed `lever.overnightAtUtc` (taking effect at the next start):
 *
 * - moved later (14:59 → 15:00 on day D after D's 14:59 run): D is done, nothing is charged again;
 *   the next charge is at 15:00 on D + 1;
 * - moved earlier (15:00 → 14:00 on day D after D's 15:00 run): D is done, no second charge that
 *   day; the next charge is at 14:00 on D + 1, so no day is skipped either;
 * - moved earlier before D's run happened (15:00 → 14:00, restarted at 14:30 on D): D's instant is
 *   now 14:00, which has passed, so D is charged at once, with 14:00 as its instant.
 *
 * The gap between two charges is therefore not always 24 h (23:59 → 00:01 charges on D at 23:59 and
 * on D + 1 at 00:01); what holds is one charge per UTC date.
 */
export function feeDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The last overnight instant at or before `now` (epoch ms) for a daily UTC time `HH:MM`. */
export function lastOvernightAt(now: number, hhmm: string): number {
  const offset = offsetOf(hhmm);
  const today = Math.floor((now - offset) / DAY_MS) * DAY_MS + offset;
  return today;
}

/** The next overnight instant strictly after `now`. */
export function nextOvernightAt(now: number, hhmm: string): number {
  return lastOvernightAt(now, hhmm) + DAY_MS;
}

/**
 * The instants (epoch ms) a run must still charge: one per fee day (see `feeDay`) after `lastDay`,
 * the last charged day, up to the last instant at or before `now`, oldest first, at most `max` (a
 * long outage does not charge a month at once; each missed day is charged once when the server is
 * back). Each day's instant is at today's `hhmm`, whatever time charged the days before. Without a
 * previous run, only the last instant.
 */
export function missedOvernights(now: number, hhmm: string, lastDay: string | null, max = 7): number[] {
  const last = lastOvernightAt(now, hhmm);
  if (lastDay === null) return [last];
  const out: number[] = [];
  // `YYYY-MM-DD` strings order as the dates do.
  for (let at = last; feeDay(at) > lastDay && out.length < max; at -= DAY_MS) out.unshift(at);
  return out;
}
