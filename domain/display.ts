/**
 * The one display formatter for numbers (issue 10): every price, quantity, balance, volume and rate
 * a page shows goes through these functions. They work on decimal strings and never through a
 * float: Intl.NumberFormat formats a numeric *string* exactly (ECMA-402 NumberFormat v3), and
 * `roundingMode: 'floor'` floors toward −∞ (spec §5: amounts are floored, never rounded up).
 */

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
      roundingMode: 'floor',
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
  const f = exactFormatter(options.locale, options.trim ? 0 : decimals, decimals, options.signed ?? false);
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
      roundingMode: 'floor',
    };
    return new Intl.NumberFormat(options.locale, opts);
  });
  return formatString(f, v);
}

/** A percentage given as a decimal string of percent points (`-1.254` → `−1.25%`), floored, signed. */
export function formatPercent(points: string, options: Omit<DisplayOptions, 'signed'>): string {
  const body = formatNumber(points, { ...options, signed: true });
  return body === NO_NUMBER ? body : `${body}%`;
}

/** The decimal and group separators of a locale (`,` and `.` in id). */
export function localeSeparators(locale: string): { decimal: string; group: string } {
  const parts = formatter(`s|${locale}`, () => new Intl.NumberFormat(locale)).formatToParts(12345.5);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/**
 * Reads an amount as a user typed it in `locale` into a plain decimal string (`1,5` → `1.5` in id),
 * or null when it is not a non-negative amount. The locale's decimal separator marks the fraction;
 * its group separator is accepted only between groups of three digits (`1.000` is 1000 in id,
 * `1,000` is 1000 in en). A `.` that cannot be a group separator is read as the decimal point, so a
 * keyboard that only offers `.` still works. Spaces are ignored. Nothing is rounded.
 */
export function parseAmount(text: string, locale: string): string | null {
  const { decimal, group } = localeSeparators(locale);
  // Narrow no-break spaces and other spaces group digits in some locales; never meaningful here.
  let t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return null;
  const groupSep = group.replace(/[\s\u00a0\u202f]/g, '');
  const intPart = (s: string) => s.split(decimal)[0] ?? '';
  if (groupSep !== '' && t.includes(groupSep) && groupSep !== decimal) {
    const sep = escapeRe(groupSep);
    // Groups of three, or the Indian lakh grouping (12,34,567): the last group always has three digits.
    const grouped = new RegExp(`^\\d{1,3}(${sep}\\d{2,3})*${sep}\\d{3}$`);
    if (grouped.test(intPart(t))) {
      t = intPart(t).split(groupSep).join('') + t.slice(intPart(t).length);
    } else if (groupSep === '.' && (t.match(/\./g) ?? []).length === 1 && !t.includes(decimal)) {
      return DECIMAL_INPUT.test(t) ? normalise(t) : null;
    } else {
      return null;
    }
  }
  if (decimal !== '.') {
    if (t.includes('.') && t.includes(decimal)) return null;
    t = t.replace(decimal, '.');
  }
  return DECIMAL_INPUT.test(t) ? normalise(t) : null;
}

const DECIMAL_INPUT = /^(\d+(\.\d*)?|\.\d+)$/;

function normalise(t: string): string {
  const [rawInt = '', frac = ''] = t.split('.');
  const int = rawInt.replace(/^0+(?=\d)/, '') || '0';
  return frac === '' ? int : `${int}.${frac}`;
}

/** Fraction digits of a plain decimal string (`1.250` → 3). */
export function fractionDigits(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/**
 * The one rule for too many decimals in an amount field: refused inline with a message naming the
 * allowed decimals, never silently cut. Returns the allowed count when `value` has more, else null.
 */
export function tooManyDecimals(value: string, allowed: number): number | null {
  return fractionDigits(value) > allowed ? allowed : null;
}

function clampDecimals(d: number): number {
  return Math.min(20, Math.max(0, Math.trunc(d)));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// In its own module so a page that only sorts (home's lists) does not load the formatters.
export { compareDecimalStrings } from './decimal-compare';
