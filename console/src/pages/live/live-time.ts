// The schedule's times between the form's `datetime-local` fields (the operator's own clock) and
// milliseconds since the epoch (what `zhibo/set` takes); and which setting is in force.
import type { LiveStream } from '../../../../domain/zhibo-types';
import type { StreamRow } from '../../../worker/routes';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` in local time of `ms`, or '' for null. */
export function localInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Milliseconds of a `datetime-local` value, null when empty, NaN when it is no time. */
export function fromLocalInput(value: string): number | null {
  if (value.trim() === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi).getTime();
}

/** The schedule's problem (a text key), or null: an end after the start and still ahead. */
export function scheduleProblem(startsAt: number | null, endsAt: number | null, now: number): string | null {
  if (Number.isNaN(startsAt) || Number.isNaN(endsAt)) return 'stream.timeInvalid';
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) return 'stream.endBeforeStart';
  if (endsAt !== null && endsAt <= now) return 'stream.endPast';
  return null;
}

/**
 * The setting the app follows now (on air or scheduled), or null. The app's view (`current`) hides
 * the address until the stream starts, so the address comes from the newest row of the history.
 */
export function settingInForce(current: LiveStream, history: readonly StreamRow[]): StreamRow | null {
  const newest = history[0];
  if (!newest?.url || (!current.live && current.startsAt === null)) return null;
  return newest;
}
