import Decimal from 'decimal.js';
import type { PairInfo } from './market';
import { stepDecimals } from './market';
import type { OrderSide, OrderType } from './spot';

/**
 * Spot order previews, computed exactly like the server (server/shared/units): trade values are
 * price × quantity with no rounding (tick and lot decimals add up to at most 8), fees are the value
 * received × rate floored to the ledger unit (1e-8), and every derived amount is floored, never
 * rounded up (spec §5).
 */

/** Decimal places of the ledger's minor unit; fees are floored to it. */
const LEDGER_DECIMALS = 8;
/**
 * Wide precision and floor rounding: products of typed values stay exact, and a division that does
 * not terminate is cut toward zero, so a floored result can never come out one step too high.
 */
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_FLOOR });
type D = InstanceType<typeof D>;
const PLAIN = /^\d+(\.\d+)?$/;

/** The pair fields a preview needs. */
export type PreviewPair = Pick<
  PairInfo,
  'base' | 'quote' | 'tickSize' | 'lotSize' | 'minNotional' | 'makerFee' | 'takerFee'
>;

/** What the order form has typed, as decimal strings (possibly empty or half-typed). */
export interface PreviewInput {
  pair: PreviewPair;
  side: OrderSide;
  type: OrderType;
  /** Limit price in quote per base. */
  price?: string;
  /** Quantity in base (limit orders and market sells). */
  qty?: string;
  /** Quote amount to spend (market buys). */
  amount?: string;
  /**
   * Reference price for market orders: the best ask for a buy, the best bid for a sell. The preview
   * of a market order is an estimate, since the book may move before the order arrives.
   */
  refPrice?: string | null;
  /** Available balance of the coin the order spends (quote for buys, base for sells). */
  available?: string | null;
  /** A shortcut percentage of `available` (25, 50, 75, 100) to turn into a quantity or amount. */
  percent?: number;
}

/** The preview of an order. Null where the input does not allow a value yet. */
export interface OrderPreview {
  /** Order value in quote: price × qty, the market-buy amount, or qty × refPrice for a market sell. */
  total: string | null;
  /** Largest fee the order can cost (at the higher of the maker and taker rates), floored. */
  fee: string | null;
  /** The coin the fee is charged in: the coin received (base for buys, quote for sells). */
  feeCoin: string;
  /** The fee rate used, such as `0.001`. */
  feeRate: string;
  /** True when the values depend on `refPrice` (market orders). */
  estimated: boolean;
  /**
   * For a `percent` shortcut: the quantity (base, on the lot grid) or, for a market buy, the amount
   * (quote, on the tick × lot grid) that spends at most that share of `available`. Null when it
   * cannot be computed (no balance, or no price for a limit buy); absent without `percent`.
   */
  fill?: string | null;
}

/** A decimal string typed by the user, or null when it is not a positive plain number. */
function positive(value: string | null | undefined): D | null {
  const text = value?.trim() ?? '';
  if (!PLAIN.test(text)) return null;
  const d = new D(text);
  return d.gt(0) ? d : null;
}

/** Floors `value` down to a whole multiple of `step`. */
export function floorToStep(value: string, step: string): string {
  const v = new D(value);
  const s = new D(step);
  if (!s.gt(0)) throw new RangeError(`step must be positive, got ${step}`);
  return v.div(s).floor().mul(s).toFixed(stepDecimals(step));
}

/** A decimal without trailing fraction zeros, but with at least `minDecimals` places. */
function trimmed(d: D, minDecimals = 0): string {
  return d.toFixed(Math.max(minDecimals, d.decimalPlaces()));
}

/** The higher of the two fee rates: what the preview promises as the most it can cost. */
export function maxFeeRate(pair: Pick<PairInfo, 'makerFee' | 'takerFee'>): string {
  const maker = new D(pair.makerFee);
  const taker = new D(pair.takerFee);
  return (maker.gt(taker) ? maker : taker).toFixed();
}

/** The fee on `received` at `rate`, floored to the ledger unit, as the server charges it. */
export function feeOf(received: string, rate: string): string {
  return new D(received).mul(rate).toDecimalPlaces(LEDGER_DECIMALS, D.ROUND_FLOOR).toFixed();
}

/** The exact value of `qty` at `price`, in quote. */
export function orderValue(price: string, qty: string): string {
  return new D(price).mul(qty).toFixed();
}

/** The share `percent` (0–100) of `available`, as an exact decimal. */
function share(available: D, percent: number): D {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be an integer from 0 to 100, got ${percent}`);
  }
  return available.mul(percent).div(100);
}

/** The percentage shortcut: base quantity for sells and limit buys, quote amount for market buys. */
function shortcut(input: PreviewInput, price: D | null): string | null {
  const available = positive(input.available);
  if (!available || input.percent === undefined) return null;
  const budget = share(available, input.percent);
  const { pair } = input;
  if (input.side === 'sell') return floorToStep(budget.toFixed(), pair.lotSize);
  if (input.type === 'market') {
    // The engine spends a market-buy budget in whole (tick × lot) steps; the rest is never used.
    const step = new D(pair.tickSize).mul(pair.lotSize).toFixed();
    return trimmed(new D(floorToStep(budget.toFixed(), step)));
  }
  if (!price) return null;
  // Exact division, then floor to the lot: price × qty never exceeds the budget.
  return floorToStep(budget.div(price).toFixed(), pair.lotSize);
}

/** The exact preview of an order the server would compute from the same input. */
export function previewOrder(input: PreviewInput): OrderPreview {
  const { pair, side, type } = input;
  const feeRate = maxFeeRate(pair);
  const feeCoin = side === 'buy' ? pair.base : pair.quote;
  const priceDecimals = stepDecimals(pair.tickSize);
  const estimated = type === 'market';
  const price = type === 'limit' ? positive(input.price) : positive(input.refPrice);
  const out: OrderPreview = { total: null, fee: null, feeCoin, feeRate, estimated };
  if (input.percent !== undefined) out.fill = shortcut(input, price);

  if (type === 'market' && side === 'buy') {
    const amount = positive(input.amount);
    if (!amount) return out;
    out.total = trimmed(amount);
    if (price) {
      // Estimated base received at the reference price, floored to the lot, and its fee.
      const qty = floorToStep(amount.div(price).toFixed(), pair.lotSize);
      out.fee = feeOf(qty, feeRate);
    }
    return out;
  }
  const qty = positive(input.qty);
  if (!qty || !price) return out;
  const total = new D(orderValue(price.toFixed(), qty.toFixed()));
  out.total = trimmed(total, priceDecimals);
  out.fee = side === 'buy' ? feeOf(qty.toFixed(), feeRate) : feeOf(total.toFixed(), feeRate);
  return out;
}

// Here too for the callers that already import the spot rules.
export { bookSteps } from './book-steps';
