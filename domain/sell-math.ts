import Decimal from 'decimal.js';
import { stepDecimals } from './market';

/**
 * Quick-sell math (issue 25), shared by the worker's live preview and the server's quote so both
 * give the same exact numbers. A quick sell is a market sell of `qty` base for the quote coin
 * (USDT): it takes the bids best first; each fill is worth price × qty exactly (the catalog keeps
 * tick and lot decimals within 8), and pays the taker fee on that value floored to the ledger unit
 * (1e-8) per fill, as the spot order service charges it (server/trade: the seller's fee, in quote,
 * per trade). Every derived amount is floored, never rounded up (spec §5).
 *
 * The server walks the individual resting orders (one fill per maker order, exactly the trades the
 * matching engine would make at that instant); the worker walks the merged levels of its book (one
 * fill per level), which can show at most (orders in a level − 1) × 1e-8 more fee than the quote.
 */

/** Decimal places of the ledger's minor unit. */
const UNIT = 8;
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_FLOOR });
type D = InstanceType<typeof D>;
const PLAIN = /^\d+(\.\d+)?$/;

/** One bid the sell may take: price in quote per base, quantity in base (decimal strings). */
export interface SellLevel {
  price: string;
  qty: string;
}

/** The exact outcome of selling `qty` into the bids given. */
export interface SellQuoteMath {
  /** Base asked to sell. */
  qty: string;
  /** Base the bids cover, at most `qty`. */
  filledQty: string;
  /** True when the bids cover all of `qty`. */
  complete: boolean;
  /** Σ price × qty of the fills, in quote, exact. */
  gross: string;
  /** Σ of each fill's taker fee, each floored to 1e-8, in quote. */
  fee: string;
  /** gross − fee: what the seller receives, in quote. */
  received: string;
  /** gross ÷ filledQty floored to 1e-8, in quote per base; null when nothing fills. */
  avgPrice: string | null;
  /** The lowest price a fill takes (the last bid touched); null when nothing fills. */
  worstPrice: string | null;
  /** The fills, best price first. */
  fills: SellLevel[];
}

const fixedUnit = (d: D): string => d.toDecimalPlaces(UNIT, D.ROUND_FLOOR).toFixed(UNIT);

/**
 * Sells `qty` base into `bids` (best, i.e. highest, price first) at the taker fee rate `takerFee`
 * (such as `0.002`). Throws RangeError on a quantity or level that is not a plain positive decimal.
 */
export function quoteSell(qty: string, bids: readonly SellLevel[], takerFee: string): SellQuoteMath {
  if (!PLAIN.test(qty) || !new D(qty).gt(0)) throw new RangeError(`qty must be positive, got ${qty}`);
  const rate = new D(takerFee);
  let left = new D(qty);
  let gross = new D(0);
  let fee = new D(0);
  const fills: SellLevel[] = [];
  for (const bid of bids) {
    if (!left.gt(0)) break;
    if (!PLAIN.test(bid.price) || !PLAIN.test(bid.qty)) throw new RangeError('malformed bid');
    const take = D.min(left, bid.qty);
    if (!take.gt(0)) continue;
    const value = take.mul(bid.price);
    gross = gross.plus(value);
    fee = fee.plus(value.mul(rate).toDecimalPlaces(UNIT, D.ROUND_FLOOR));
    left = left.minus(take);
    fills.push({ price: bid.price, qty: take.toFixed() });
  }
  const filled = new D(qty).minus(left);
  const last = fills[fills.length - 1];
  return {
    qty,
    filledQty: filled.toFixed(),
    complete: !left.gt(0),
    gross: fixedUnit(gross),
    fee: fixedUnit(fee),
    received: fixedUnit(gross.minus(fee)),
    avgPrice: filled.gt(0) ? fixedUnit(gross.div(filled)) : null,
    worstPrice: last ? last.price : null,
    fills,
  };
}

/**
 * The worst price a sell may fill at: the quote's worst fill price lowered by `slippagePct` percent,
 * raised to the tick grid (never below what the user allowed) and never below one tick. A fill
 * below it is never made: the sell is refused whole instead.
 */
export function slippageFloor(worstPrice: string, slippagePct: string, tickSize: string): string {
  const tick = new D(tickSize);
  const exact = new D(worstPrice).mul(new D(100).minus(slippagePct)).div(100);
  const onGrid = D.max(exact.div(tick).ceil().mul(tick), tick);
  return onGrid.toFixed(stepDecimals(tickSize));
}
