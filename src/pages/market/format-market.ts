import { compareDecimalStrings } from '../../../domain/decimal-compare';
import {
  formatCompact as compactNumber,
  formatNumber,
  formatPercent,
  fractionDigits,
  isDecimalString,
} from '../../../domain/display';
// Thin wrappers over domain/display.ts, the one number formatter (issue 10), for the market, K-line
// and home pages. Prices and quantities come from the server already at the pair's tick and lot
// decimals (canonical strings), so they are written with exactly the digits they have.

/**
 * A decimal string with the locale's digit grouping and decimal separator, keeping every digit
 * exactly as given (`64012.50` → `64,012.50` in en, `64.012,50` in id). Non-decimals pass through.
 */
export function formatDecimal(value: string, locale: string): string {
  if (!isDecimalString(value)) return value;
  return formatNumber(value, { locale, decimals: fractionDigits(value) });
}

/** A decimal string floored to `decimals` with the locale's separators (a 24 h turnover in quote). */
export function formatFixed(value: string, locale: string, decimals: number): string {
  return isDecimalString(value) ? formatNumber(value, { locale, decimals }) : value;
}

/** A short, floored volume for lists (`1.2M`, `3.4万`); the K-line page shows it in full. */
export function formatCompact(value: string, locale: string): string {
  return isDecimalString(value) ? compactNumber(value, { locale }) : value;
}

/** Direction of a 24 h change given as a decimal string such as `-1.25`. */
export function changeDirection(changePct: string): 'up' | 'down' | 'flat' {
  if (changePct.startsWith('-')) return /[1-9]/.test(changePct) ? 'down' : 'flat';
  return /[1-9]/.test(changePct) ? 'up' : 'flat';
}

/** `+1.25%` / `-0.40%` / `0.00%`, floored, with the locale's separators. */
export function formatChange(changePct: string, locale: string): string {
  return isDecimalString(changePct) ? formatPercent(changePct, { locale }) : changePct;
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
