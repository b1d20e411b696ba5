// Moments in a form: `<input type="datetime-local">` holds the operator's local wall time
// (`2030-01-31T09:30`); the server takes milliseconds since the epoch.

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local wall time of `ms` as a datetime-local value (minutes), or '' for none. */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Milliseconds of a datetime-local value in local time; null when empty or not a real moment. */
export function fromLocalInput(value: string): number | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, s!);
  // `new Date` rolls 31 February over into March: such a value is no moment.
  if (date.getFullYear() !== y || date.getMonth() !== mo! - 1 || date.getDate() !== d) return null;
  return date.getTime();
}

/** The operator's offset from UTC as `UTC+08:00`, shown beside time fields. */
export function utcOffsetLabel(at = Date.now()): string {
  const minutes = -new Date(at).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
