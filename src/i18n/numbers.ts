import {
  formatCompact,
  formatNumber,
  formatPercent,
  fractionDigits,
  isDecimalString,
  localeSeparators,
  NO_NUMBER,
  parseAmount,
  tooManyDecimals,
} from '../../domain/display';
import { coinDisplayDecimals, priceDecimals, qtyDecimals } from '../../domain/market';
import type { CoinInfo, PairInfo } from '../../domain/market';
import type { Problem } from '../forms/rules-resolver';

// The pages' side of domain/display.ts: one set of formatters bound to the reader's locale, so a
// page says *what* a number is (a price of this pair, a balance of this coin) and never how to
// write it. Nothing here computes with money; every function works on the wire's decimal strings.

/** What a page needs to know of a coin to show its balances. */
export type CoinDecimals = Pick<CoinInfo, 'decimals' | 'displayDecimals'>;

/** The number formatters of one locale. */
export interface Numbers {
  /** BCP-47 locale the numbers are written in. */
  locale: string;
  /** A decimal string floored to `decimals` (trailing zeros kept, so columns line up). */
  fixed(value: string | null | undefined, decimals: number, options?: { signed?: boolean }): string;
  /** A price of `pair`, at its tick decimals. */
  price(value: string | null | undefined, pair: Pick<PairInfo, 'tickSize'>): string;
  /** A quantity of `pair`'s base coin, at its lot decimals. */
  qty(value: string | null | undefined, pair: Pick<PairInfo, 'lotSize'>): string;
  /**
   * A balance (or any amount) of a coin at the coin's display decimals; a coin the page does not
   * know yet is shown exactly.
   */
  coin(
    value: string | null | undefined,
    coin: CoinDecimals | null | undefined,
    options?: { signed?: boolean },
  ): string;
  /** The value with exactly the digits it has (`64012.50` → `64.012,50` in id): already at its scale. */
  digits(value: string | null | undefined): string;
  /** Every digit the value has (trailing fraction zeros dropped): the exact ledger value. */
  exact(value: string | null | undefined, options?: { signed?: boolean }): string;
  /** A short volume such as `56.72K` for lists where space is short. */
  compact(value: string | null | undefined, decimals?: number): string;
  /** Percent points such as `-1.254` as `−1.25%`, signed. */
  percent(points: string | null | undefined, decimals?: number): string;
  /** An amount as typed in this locale (`1,5` in id), as a wire decimal string, or null. */
  parse(text: string): string | null;
  /** A wire decimal string as the user would type it here (`12.5` → `12,5` in id), no grouping. */
  input(value: string): string;
}

/** How many fraction digits a value really has (`12.500` → 1). */
function significantDecimals(value: string): number {
  return fractionDigits(
    value
      .trim()
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
  );
}

/** The catalog entry of `symbol`, or undefined (a coin the page does not know). */
export function coinOf<C extends { symbol: string }>(
  coins: readonly C[] | null | undefined,
  symbol: string,
): C | undefined {
  return coins?.find((c) => c.symbol === symbol);
}

/** True when showing `value` at `decimals` drops digits that are not zero (a tap shows them). */
export function losesDigits(value: string, decimals: number): boolean {
  return isDecimalString(value.trim()) && significantDecimals(value) > decimals;
}

const cache = new Map<string, Numbers>();

/** The formatters of `locale` (one instance per locale). */
export function numbersFor(locale: string): Numbers {
  const known = cache.get(locale);
  if (known) return known;
  const fixed: Numbers['fixed'] = (value, decimals, options) =>
    value == null ? NO_NUMBER : formatNumber(value, { locale, decimals, signed: options?.signed ?? false });
  const exact: Numbers['exact'] = (value, options) =>
    value == null
      ? NO_NUMBER
      : formatNumber(value, {
          locale,
          decimals: significantDecimals(value),
          signed: options?.signed ?? false,
        });
  const n: Numbers = {
    locale,
    fixed,
    price: (value, pair) => fixed(value, priceDecimals(pair)),
    qty: (value, pair) => fixed(value, qtyDecimals(pair)),
    coin: (value, coin, options) =>
      coin ? fixed(value, coinDisplayDecimals(coin), options) : exact(value, options),
    exact,
    digits: (value) => (value == null ? NO_NUMBER : fixed(value, fractionDigits(value.trim()))),
    compact: (value, decimals = 2) =>
      value == null ? NO_NUMBER : formatCompact(value, { locale, decimals }),
    percent: (points, decimals = 2) =>
      points == null ? NO_NUMBER : formatPercent(points, { locale, decimals }),
    parse: (text) => parseAmount(text, locale),
    // The separator is read on first use: for a locale outside the product's, reading it loads the
    // locale's number data (ICU), which would otherwise land in the first render of every page.
    input: (value) => {
      const { decimal } = localeSeparators(locale);
      return decimal === '.' ? value : value.replace('.', decimal);
    },
  };
  cache.set(locale, n);
  return n;
}

/** An amount field's reading: the wire value, or the problem to show next to the field. */
export type AmountReading = { value: string } | { problem: Problem };

/**
 * The one rule for every amount field (issue 10): the locale's decimal separator is accepted, and
 * more fraction digits than `allowed` are refused with a message naming the allowed count — never
 * cut. `allowed` null skips the decimals check (the field's precision is not known yet).
 */
export function readAmount(text: string, locale: string, allowed: number | null): AmountReading {
  if (text.trim() === '') return { problem: 'required' };
  const value = parseAmount(text, locale);
  if (value === null) return { problem: 'amountFormat' };
  const over = allowed === null ? null : tooManyDecimals(value, allowed);
  return over === null ? { value } : { problem: { key: 'tooManyDecimals', decimals: over } };
}
