/**
 * The one display formatter for numbers (issue 10): every price, quantity, balance, volume and rate
 * a page shows goes through these functions. They work on decimal strings and never through a
 * float: the product's locales are written by decimal-text.ts on the string itself, any other locale
 * by Intl.NumberFormat, which formats a numeric *string* exactly (ECMA-402 NumberFormat v3). Both
 * floor the magnitude (spec §5: amounts are floored, never rounded up): `-6.4637` at 2 decimals is
 * `-6.46`, so a debit never shows more than was taken, and `+x` and `-x` show the same digits.
 */

import { knownSymbols, writeDecimal } from './decimal-text';

export { localeSeparators, parseAmount, tooManyDecimals } from './display-input';

/** How to show one number. */
export interface DisplayOptions {
  /** BCP-47 locale for separators and digit grouping, such as `id-ID`. */
  locale: string;
  /**
   * Fraction digits to show, floored: the pair's tick decimals for prices, its lot decimals for
   * quantities, the coin's display decimals for balances. Default 2 (spec §9).
   */
  decimals?: number;
  /** Drop the zeros that end the fraction (`1.50` → `1.5`). Default false: columns line up. */
  trim?: boolean;
  /** Write a `+` before positive values (PnL, journal deltas). Default false. */
  signed?: boolean;
}

/** The default number of decimals (spec §9). */
export const DISPLAY_DEFAULT_DECIMALS = 2;

/** Shown where a value does not exist (no price yet, an estimate without a rate). */
export const NO_NUMBER = '—';

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

// ES2023's Intl types accept numeric strings; the project's lib is ES2022, so the call is typed here.
type StringFormat = (value: string) => string;
const formatString = (f: Intl.NumberFormat, value: string): string =>
  (f.format as unknown as StringFormat)(value);

function exactFormatter(locale: string, min: number, max: number, signed: boolean): Intl.NumberFormat {
  return formatter(`x|${locale}|${min}|${max}|${signed}`, () => {
    const options: Intl.NumberFormatOptions & { roundingMode: string } = {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      // 'trunc' floors the magnitude of either sign; 'floor' would move a negative one unit away.
      roundingMode: 'trunc',
      ...(signed && { signDisplay: 'exceptZero' }),
    };
    return new Intl.NumberFormat(locale, options);
  });
}

/** True when `value` is a plain decimal string such as `-12.50` (what the wire carries). */
export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

/**
 * A decimal string for display: floored to `decimals`, with the locale's separators and grouping
 * (`100065.10598884` → `100.065,10` in id at 2 decimals). Anything that is not a decimal string is
 * shown as NO_NUMBER.
 */
export function formatNumber(value: string, options: DisplayOptions): string {
  const v = value.trim();
  if (!DECIMAL.test(v)) return NO_NUMBER;
  const decimals = clampDecimals(options.decimals ?? DISPLAY_DEFAULT_DECIMALS);
  const trim = options.trim ?? false;
  const signed = options.signed ?? false;
  const symbols = knownSymbols(options.locale);
  if (symbols) return writeDecimal(v, symbols, { decimals, trim, signed });
  const f = exactFormatter(options.locale, trim ? 0 : decimals, decimals, signed);
  const out = formatString(f, v);
  // A value that floors to zero from below keeps its sign in Intl ("-0.00"); zero has no sign.
  return /^[^1-9]*$/.test(out) ? out.replace(/^[-−+]/, '') : out;
}

/**
 * A short volume for lists where space is short (`56728.69` → `56.72K`, `5.67万` in zh), floored.
 * The exact figure belongs on a detail page or behind a tap.
 */
export function formatCompact(value: string, options: Omit<DisplayOptions, 'trim' | 'signed'>): string {
  const v = value.trim();
  if (!DECIMAL.test(v)) return NO_NUMBER;
  const decimals = clampDecimals(options.decimals ?? DISPLAY_DEFAULT_DECIMALS);
  const f = formatter(`c|${options.locale}|${decimals}`, () => {
    const opts: Intl.NumberFormatOptions & { roundingMode: string } = {
      notation: 'compact',
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
    };
    return new Intl.NumberFormat(options.locale, opts);
  });
  return formatString(f, v);
}

/** A percentage given as a decimal string of percent points (`-1.259` → `-1.25%`), floored, signed. */
export function formatPercent(points: string, options: Omit<DisplayOptions, 'signed'>): string {
  const body = formatNumber(points, { ...options, signed: true });
  return body === NO_NUMBER ? body : `${body}%`;
}

/** Fraction digits of a plain decimal string (`1.250` → 3). */
export function fractionDigits(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

function clampDecimals(d: number): number {
  return Math.min(20, Math.max(0, Math.trunc(d)));
}

// In its own module so a page that only sorts (home's lists) does not load the formatters.
export { compareDecimalStrings } from './decimal-compare';
