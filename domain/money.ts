import Decimal from 'decimal.js';

/** Default number of decimals for displayed and submitted amounts (spec §9). */
export const DEFAULT_DECIMALS = 2;

/** A plain decimal number written as a string: optional minus, digits, optional fraction. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * Floors a decimal string to `decimals` places with exact arithmetic (spec §5: never rounds up).
 * Flooring is toward negative infinity, so -1.239 floors to -1.24. Returns a fixed-point string.
 * Throws on input that is not a finite decimal number.
 */
export function floorDecimal(value: string | number, decimals: number = DEFAULT_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 30) {
    throw new RangeError(`decimals must be an integer from 0 to 30, got ${decimals}`);
  }
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  if (!DECIMAL_PATTERN.test(text)) throw new RangeError(`not a decimal number: ${String(value)}`);
  const floored = new Decimal(text).toDecimalPlaces(decimals, Decimal.ROUND_FLOOR);
  const out = floored.toFixed(decimals);
  return out === `-${(0).toFixed(decimals)}` ? (0).toFixed(decimals) : out;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return new Decimal(n).toFixed();
}

/** True when `value` is a decimal string with at most `decimals` fraction digits. */
export function hasAtMostDecimals(value: string, decimals: number): boolean {
  const m = /^-?\d+(?:\.(\d+))?$/.exec(value);
  return m !== null && (m[1]?.length ?? 0) <= decimals;
}
