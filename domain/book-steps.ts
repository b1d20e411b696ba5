/**
 * Price grouping steps of the order book, by string arithmetic: the pages that show a book need
 * nothing else of decimal.js (32 KB of script on the phone's main thread).
 */

/** `value` (a non-negative plain decimal string, such as `0.01`) × 10^`places`, canonical (`0.1`). */
export function timesPowerOfTen(value: string, places: number): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m || !Number.isInteger(places) || places < 0) throw new RangeError(`not a plain decimal: ${value}`);
  const fraction = m[2] ?? '';
  const digits = m[1]! + fraction.padEnd(places, '0');
  const point = m[1]!.length + places;
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(point).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Price grouping steps of the order book: the tick size × 1, 10 and 100, as decimal strings. */
export function bookSteps(tickSize: string): string[] {
  return [0, 1, 2].map((places) => timesPowerOfTen(tickSize, places));
}
