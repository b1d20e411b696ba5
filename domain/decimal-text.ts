/**
 * Decimal strings written in the product's eight locales without Intl. The first
 * `Intl.NumberFormat` a page creates loads the engine's number data: about 25 ms of a phone's main
 * thread (over 100 ms at Lighthouse's 4× slowdown), a long task in the middle of a first visit.
 * The eight locales' symbols are few and fixed (CLDR; tests/unit/domain/decimal-text.test.ts checks
 * every one against Intl), so display.ts writes their numbers here and keeps Intl for the rest.
 */

/** How a locale writes a plain number. */
export interface LocaleSymbols {
  /** The decimal separator (`,` in id). */
  decimal: string;
  /** The group separator (`.` in id). */
  group: string;
  /** Indian grouping: the last three digits, then groups of two (`12,34,567`). */
  lakh: boolean;
}

const DOT: LocaleSymbols = Object.freeze({ decimal: '.', group: ',', lakh: false });
const COMMA: LocaleSymbols = Object.freeze({ decimal: ',', group: '.', lakh: false });

// Keyed by the BCP-47 tags of domain/locale.ts: all write Latin digits, `-` and `+`.
const SYMBOLS: Readonly<Record<string, LocaleSymbols>> = {
  'zh-CN': DOT,
  en: DOT,
  ja: DOT,
  'zh-HK': DOT,
  ko: DOT,
  vi: COMMA,
  id: COMMA,
  hi: Object.freeze({ decimal: '.', group: ',', lakh: true }),
};

/** The symbols of one of the product's locales, or undefined for any other locale. */
export function knownSymbols(locale: string): LocaleSymbols | undefined {
  return Object.hasOwn(SYMBOLS, locale) ? SYMBOLS[locale] : undefined;
}

/** How to write one value: the same choices display.ts offers. */
export interface WriteOptions {
  /** Fraction digits kept; the rest is cut off, which floors the magnitude (toward zero). */
  decimals: number;
  /** Drop the zeros that end the fraction. */
  trim: boolean;
  /** Write `+` before a positive value. */
  signed: boolean;
}

/**
 * `value` (a plain decimal string such as `-12.509`, already validated) with its magnitude floored
 * to `options.decimals` (`-12.509` → `-12.50`: never more than the exact value, either sign; spec §5)
 * and written with `symbols`. Zero never carries a sign.
 */
export function writeDecimal(value: string, symbols: LocaleSymbols, options: WriteOptions): string {
  const negative = value.startsWith('-');
  const [rawInt = '0', frac = ''] = value.replace(/^[+-]/, '').split('.');
  const digits = rawInt + frac.slice(0, options.decimals).padEnd(options.decimals, '0');
  const cut = digits.length - options.decimals;
  const int = digits.slice(0, cut).replace(/^0+(?=\d)/, '');
  let fraction = digits.slice(cut);
  if (options.trim) fraction = fraction.replace(/0+$/, '');
  const zero = !/[1-9]/.test(digits);
  const sign = zero ? '' : negative ? '-' : options.signed ? '+' : '';
  const body = group(int, symbols);
  return sign + (fraction === '' ? body : body + symbols.decimal + fraction);
}

function group(int: string, symbols: LocaleSymbols): string {
  if (int.length <= 3) return int;
  const head = int.slice(0, -3);
  const size = symbols.lakh ? 2 : 3;
  const groups: string[] = [];
  for (let end = head.length; end > 0; end -= size) groups.unshift(head.slice(Math.max(0, end - size), end));
  return [...groups, int.slice(-3)].join(symbols.group);
}
