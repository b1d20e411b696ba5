import Decimal from 'decimal.js';
import type { AccountType } from './ledger';

/**
 * Estimates of holdings in a quote currency (the assets page). The rule, the same in the app and the
 * server:
 * - the price of coin C is the `last` of the spot ticker `C/USDT` (the last trade in our own book
 *   within the ticker window); USDT itself is worth 1;
 * - with no such ticker the price is unknown and the estimate is null: a price is never invented,
 *   not even from another pair or an old trade;
 * - a zero holding is worth 0.00 whatever its price;
 * - products are exact; each estimate is floored to ESTIMATE_DECIMALS; sums add the exact values
 *   and floor once, so a sum may exceed the sum of its floored lines by under 0.01 per line.
 */
export const ESTIMATE_QUOTE = 'USDT';
/** Decimals of every estimate (spec §9 default 2), floored. */
export const ESTIMATE_DECIMALS = 2;

// Precision far above any ledger amount (19 digits) times any price, so products are exact.
const Exact = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_FLOOR });

/** Prices in ESTIMATE_QUOTE per coin, from spot tickers (see the rule above). */
export function estimatePrices(
  tickers: ReadonlyArray<{ symbol: string; last: string }>,
): Map<string, string> {
  const out = new Map<string, string>([[ESTIMATE_QUOTE, '1']]);
  const suffix = `/${ESTIMATE_QUOTE}`;
  for (const t of tickers) {
    if (t.symbol.endsWith(suffix)) out.set(t.symbol.slice(0, -suffix.length), t.last);
  }
  return out;
}

/** A holding to value: a non-negative decimal string and its price, or null when none is known. */
export interface Valued {
  total: string;
  price: string | null;
}

/** The exact value of a holding, or null when it is not zero and has no price. */
function exactValue(v: Valued): Decimal | null {
  const total = new Exact(v.total);
  if (total.isZero()) return new Exact(0);
  return v.price === null ? null : total.times(v.price);
}

const floorText = (d: Decimal) =>
  d.toDecimalPlaces(ESTIMATE_DECIMALS, Decimal.ROUND_FLOOR).toFixed(ESTIMATE_DECIMALS);

/** The estimate of one holding, floored to 2 decimals; null when not zero and unpriced. */
export function estimateOf(v: Valued): string | null {
  const value = exactValue(v);
  return value === null ? null : floorText(value);
}

/** The floored sum of the priced holdings; unpriced ones are left out (list them beside it). */
export function estimateSum(items: readonly Valued[]): string {
  let sum = new Exact(0);
  for (const v of items) sum = sum.plus(exactValue(v) ?? 0);
  return floorText(sum);
}

/** One coin of one account on the assets page. Decimal strings, ledger precision (8 decimals). */
export interface CoinHolding {
  coin: string;
  available: string;
  frozen: string;
  /** available + frozen. */
  total: string;
  /** Price in ESTIMATE_QUOTE, or null when none is known. */
  price: string | null;
  /** total × price floored to 2 decimals; null when the coin is held and has no price. */
  estimate: string | null;
}

/** One of the five accounts on the assets page. */
export interface AccountOverview {
  account: AccountType;
  /** Sum of the priced holdings in ESTIMATE_QUOTE, floored to 2 decimals. */
  estimate: string;
  /** Coins held (non-zero) but left out of `estimate` for want of a price. */
  unpriced: string[];
  /** Every catalog coin in catalog order, then any other coin held. */
  coins: CoinHolding[];
}

/** The assets page: the five accounts and the grand estimate. */
export interface AssetsOverview {
  /** The estimate currency, ESTIMATE_QUOTE. */
  quote: string;
  /** Sum over all accounts, floored to 2 decimals. */
  estimate: string;
  /** Coins held in any account and left out of the estimates. */
  unpriced: string[];
  /** All five accounts, in ACCOUNT_TYPES order. */
  accounts: AccountOverview[];
  /** Milliseconds since the epoch at which the prices were read. */
  ts: number;
}
