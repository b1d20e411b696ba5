import { compareDecimalStrings } from '../../../domain/decimal-compare';
// Display formatting of the decimal strings the worker sends. Nothing here computes with money:
// digits are regrouped for the reader's locale, and comparisons only order rows.

const groupers = new Map<string, Intl.NumberFormat>();
const separators = new Map<string, string>();

function grouper(locale: string): Intl.NumberFormat {
  let f = groupers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    groupers.set(locale, f);
  }
  return f;
}

function decimalSeparator(locale: string): string {
  let s = separators.get(locale);
  if (s === undefined) {
    s = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(locale, s);
  }
  return s;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string with the locale's digit grouping and decimal separator, keeping every digit
 * exactly as given (`64012.50` → `64,012.50` in en, `64.012,50` in id). Non-decimals pass through.
 */
export function formatDecimal(value: string, locale: string): string {
  const m = DECIMAL.exec(value);
  if (!m) return value;
  const [, sign, int, frac] = m;
  const grouped = grouper(locale).format(BigInt(int!));
  return `${sign}${grouped}${frac ? decimalSeparator(locale) + frac : ''}`;
}

const compacts = new Map<string, Intl.NumberFormat>();

/** A short, rounded volume for lists (`1.2M`, `3.4万`); the exact figure is on the K-line page. */
export function formatCompact(value: string, locale: string): string {
  let f = compacts.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    compacts.set(locale, f);
  }
  const n = Number(value);
  return Number.isFinite(n) ? f.format(n) : value;
}

/** Direction of a 24 h change given as a decimal string such as `-1.25`. */
export function changeDirection(changePct: string): 'up' | 'down' | 'flat' {
  if (changePct.startsWith('-')) return /[1-9]/.test(changePct) ? 'down' : 'flat';
  return /[1-9]/.test(changePct) ? 'up' : 'flat';
}

/** `+1.25%` / `-0.40%` / `0.00%`, with the locale's separators. */
export function formatChange(changePct: string, locale: string): string {
  const dir = changeDirection(changePct);
  const body = formatDecimal(changePct.replace(/^[-+]/, ''), locale);
  return `${dir === 'up' ? '+' : dir === 'down' ? '−' : ''}${body}%`;
}

/** Orders two decimal strings exactly; see domain/display.ts. */
export const compareDecimal = compareDecimalStrings;

/** The grouping step of a price string's own decimals (`64012.50` → `0.01`), for a book without a catalog. */
export function stepOfPrice(price: string): string {
  const frac = price.split('.')[1] ?? '';
  return frac.length === 0 ? '1' : `0.${'0'.repeat(frac.length - 1)}1`;
}

/** Base and quote of a `BASE/QUOTE` symbol. */
export function splitSymbol(symbol: string): { base: string; quote: string } {
  const [base = symbol, quote = ''] = symbol.split('/');
  return { base, quote };
}

/** The K-line route of a market. */
export function klinePath(symbol: string): string {
  return `/pages/market/kline?symbol=${encodeURIComponent(symbol)}`;
}

/** The spot trade route of a market and side. */
export function tradePath(symbol: string, side: 'buy' | 'sell'): string {
  return `/pages/trade/trade?symbol=${encodeURIComponent(symbol)}&side=${side}`;
}
