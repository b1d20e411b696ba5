/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Milliseconds after UTC midnight of an `HH:MM` time of day. */
function offsetOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return (h * 60 + m) * 60_000;
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
 * The instants a run must still charge: every one after `lastRun` up to the last at or before
 * `now`, oldest first, at most `max` (a long outage does not charge a month at once; each missed
 * day is charged once when the server is back). Without a previous run, only the last instant.
 */
export function missedOvernights(now: number, hhmm: string, lastRun: number | null, max = 7): number[] {
  const last = lastOvernightAt(now, hhmm);
  if (lastRun === null) return [last];
  const out: number[] = [];
  for (let at = last; at > lastRun && out.length < max; at -= DAY_MS) out.unshift(at);
  return out;
}
