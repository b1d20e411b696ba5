// Exact conversions between canonical decimal strings and scaled integers. The order book keys its
// levels by a number (fast comparisons on every diff), grouping sums quantities in BigInt (no
// precision limit); neither ever goes through parseFloat, so no level or sum is ever rounded.

const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** Number of fraction digits of a plain decimal string: `'1.50'` → 2, `'10'` → 0. */
export function fractionDigits(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * `text × 10^scale` as an exact integer Number, for a plain non-negative decimal string with at most
 * `scale` fraction digits. Throws RangeError on anything else, or when the result is not a safe
 * integer (more than about 15 significant digits), since it would no longer be exact.
 */
export function toScaledNumber(text: string, scale: number): number {
  let value = 0;
  let frac = -1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      value = value * 10 + (c - ZERO);
      if (frac >= 0) frac++;
    } else if (c === DOT && frac < 0 && i > 0 && i < n - 1) {
      frac = 0;
    } else {
      throw new RangeError(`not a plain decimal: ${text}`);
    }
  }
  if (n === 0) throw new RangeError('not a plain decimal: empty');
  const digits = frac < 0 ? 0 : frac;
  if (digits > scale) throw new RangeError(`${text} has more than ${scale} decimals`);
  if (digits < scale) value *= 10 ** (scale - digits);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${text} is too long to key exactly`);
  return value;
}

/** True when `text` (a plain decimal) is zero, such as `'0'` or `'0.000'`. Throws on non-decimals. */
export function isZeroDecimal(text: string): boolean {
  let zero = true;
  let dot = false;
  const n = text.length;
  if (n === 0) throw new RangeError('not a plain decimal: empty');
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === ZERO) continue;
    if (c > ZERO && c <= NINE) zero = false;
    else if (c === DOT && !dot && i > 0 && i < n - 1) dot = true;
    else throw new RangeError(`not a plain decimal: ${text}`);
  }
  return zero;
}

/** `text × 10^scale` as an exact BigInt; `text` is a plain non-negative decimal with ≤ `scale` decimals. */
export function toScaledBigInt(text: string, scale: number): bigint {
  const digits = fractionDigits(text);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new RangeError(`not a plain decimal: ${text}`);
  if (digits > scale) throw new RangeError(`${text} has more than ${scale} decimals`);
  const whole = digits === 0 ? text : text.slice(0, text.length - digits - 1) + text.slice(-digits);
  return BigInt(whole) * 10n ** BigInt(scale - digits);
}

/** Writes a non-negative scaled integer `value / 10^scale` as a fixed-point string with `scale` decimals. */
export function formatScaled(value: bigint, scale: number): string {
  const text = value.toString();
  if (scale === 0) return text;
  const padded = text.padStart(scale + 1, '0');
  return `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
}
