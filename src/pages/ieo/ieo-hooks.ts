// Small hooks and formatters of the IEO pages: the server's clock for countdowns, and times.
import { useEffect, useState } from 'react';
import type { IeoProject } from '../../../domain/ieo-types';
import type { DataTime } from '../../core/use-private-read';
import { usePrefs } from '../../core/contexts';
import { formatDateTime } from '../../i18n/format';

/**
 * The server's time now, ticking every second: countdowns run against the server's clock (the
 * device's may be wrong). `serverTime` is what the server said when it answered at `time`; a copy
 * from the device (offline) counts from the device's clock.
 */
export function useServerNow(serverTime: number | undefined, time: DataTime): number {
  // A live answer's `savedAt` is when the device received it: the offset between the two clocks.
  const skew = time?.source === 'live' && serverTime !== undefined ? serverTime - time.savedAt : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(now, time?.savedAt ?? 0) + skew;
}

/** What a project's countdown counts to at `now`, and the phase it is in then. */
export function countdownOf(p: Pick<IeoProject, 'opensAt' | 'closesAt' | 'result'>, now: number) {
  if (now < p.opensAt) return { phase: 'preheat' as const, left: p.opensAt - now };
  if (now < p.closesAt) return { phase: 'subscribe' as const, left: p.closesAt - now };
  return { phase: 'ended' as const, left: 0 };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `hh:mm:ss` of a duration in ms (whole seconds, floored), and the whole days before it. */
export function clockOf(ms: number): { days: number; clock: string } {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  const rest = s % 86_400;
  return {
    days,
    clock: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`,
  };
}

/** A date and time in the UI language. */
export function useDateTime(): (ms: number) => string {
  const { lang } = usePrefs();
  return (ms) => formatDateTime(new Date(ms).toISOString(), lang);
}

/**
 * Reads again every 2 s while a project's window has ended at `now` but its allocation is not in
 * yet: the result shows as soon as the area's timer has made it, without a pull to refresh.
 */
export function useReadUntilAllocated(
  projects: ReadonlyArray<Pick<IeoProject, 'opensAt' | 'closesAt' | 'result'>> | null,
  now: number,
  reload: () => Promise<unknown>,
): void {
  const waiting = projects?.some((p) => p.result === null && countdownOf(p, now).phase === 'ended') ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void reload(), 2_000);
    return () => clearTimeout(timer);
    // `projects` changes with every answer, so each read arms the next.
  }, [waiting, projects, reload]);
}
