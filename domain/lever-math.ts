import Decimal from 'decimal.js';
import type { LeverSide } from './lever';
import { stepDecimals } from './market';

/**
 * Leveraged contract math, shared by the worker's preview and the server's settlement so both give
 * the same exact numbers. Prices and amounts are decimal strings; every money amount is floored to
 * the ledger unit (1e-8, spec §5: never rounded up). With the catalog's rule that the tick's and the
 * lot's decimals add up to at most 8, notionals and PnL are exact and need no rounding at all.
 */

/** Decimal places of the ledger's minor unit. */
const UNIT = 8;
/** Decimals of a displayed risk rate (a ratio; 0.1234 is 12.34 %). */
const RISK_DECIMALS = 4;
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_FLOOR });
type D = InstanceType<typeof D>;

const floorUnit = (d: D): string => d.toDecimalPlaces(UNIT, D.ROUND_FLOOR).toFixed(UNIT);
const sign = (side: LeverSide) => (side === 'long' ? 1 : -1);

/** Contract size of `hands` hands of `lot` base each, in base. */
export function contractSize(hands: number, lot: string): string {
  return new D(lot).mul(hands).toFixed();
}

/** Notional value of a position: price × hands × lot, exact, in quote. */
export function notionalOf(price: string, hands: number, lot: string): string {
  return new D(price).mul(lot).mul(hands).toFixed();
}

/** Margin of a position: notional ÷ multiple, floored to the ledger unit. */
export function marginOf(price: string, hands: number, lot: string, multiple: number): string {
  return floorUnit(new D(notionalOf(price, hands, lot)).div(multiple));
}

/** A fee or the daily overnight fee: `rate` × notional, floored to the ledger unit. */
export function leverFeeOf(notional: string, rate: string): string {
  return floorUnit(new D(notional).mul(rate));
}

/** Profit (+) or loss (−) of a position at `price`: (price − open) × size for a long, the negative for a short. */
export function pnlOf(side: LeverSide, openPrice: string, price: string, hands: number, lot: string): string {
  const move = new D(price).minus(openPrice).mul(lot).mul(hands).mul(sign(side));
  return floorUnit(move);
}

/** Risk rate (margin + PnL) ÷ margin, floored to 4 decimals; null when the margin is zero. */
export function riskRateOf(margin: string, pnl: string): string | null {
  const m = new D(margin);
  if (!m.gt(0)) return null;
  return m.plus(pnl).div(m).toDecimalPlaces(RISK_DECIMALS, D.ROUND_FLOOR).toFixed(RISK_DECIMALS);
}

/** True when the position's risk rate is at or below `ratio` (exact comparison, no rounding). */
export function isLiquidating(margin: string, pnl: string, ratio: string): boolean {
  const m = new D(margin);
  return m.plus(pnl).lte(m.mul(ratio));
}

/**
 * The liquidation price on the tick grid: for a long the highest tick price at which the risk rate
 * is at or below `ratio` (the exact price floored to the tick), for a short the lowest (ceiled).
 * Null when a long could never fall that far (the price would be zero or below).
 */
export function liquidationPriceOf(
  side: LeverSide,
  openPrice: string,
  margin: string,
  hands: number,
  lot: string,
  ratio: string,
  tickSize: string,
): string | null {
  const size = new D(lot).mul(hands);
  const room = new D(1).minus(ratio).mul(margin).div(size);
  const tick = new D(tickSize);
  const exact = side === 'long' ? new D(openPrice).minus(room) : new D(openPrice).plus(room);
  const steps = exact.div(tick);
  const onGrid = (side === 'long' ? steps.floor() : steps.ceil()).mul(tick);
  if (!onGrid.gt(0)) return null;
  return onGrid.toFixed(stepDecimals(tickSize));
}

/** What closing a position at `price` moves. Amounts are floored decimal strings in quote. */
export interface LeverSettlement {
  /** Signed PnL before the close fee. */
  pnl: string;
  closeFee: string;
  /** What the user receives into available: max(0, margin + pnl − closeFee). */
  payout: string;
  /** The loss beyond the margin that the house absorbs (isolated margin), `0` when none. */
  houseCover: string;
}

/** Settles a position at `price`: the user never loses more than the position's margin. */
export function settlementOf(args: {
  side: LeverSide;
  openPrice: string;
  price: string;
  hands: number;
  lot: string;
  margin: string;
  closeFeeRate: string;
}): LeverSettlement {
  const { side, openPrice, price, hands, lot, margin, closeFeeRate } = args;
  const pnl = pnlOf(side, openPrice, price, hands, lot);
  const closeFee = leverFeeOf(notionalOf(price, hands, lot), closeFeeRate);
  const equity = new D(margin).plus(pnl).minus(closeFee);
  const payout = equity.gt(0) ? equity : new D(0);
  return {
    pnl,
    closeFee,
    payout: floorUnit(payout),
    houseCover: floorUnit(payout.minus(equity)),
  };
}

/** Error keys of take-profit and stop-loss checks (see domain/lever-errors.ts). */
export type TpSlProblem = 'leverTpSide' | 'leverSlSide' | 'leverSlBeyondLiquidation';

/**
 * Checks a take-profit and a stop-loss against a position: the take-profit must sit on the profit
 * side of the open price, the stop-loss on the loss side and before the liquidation price (a stop
 * past it could never fire first). Null when both are acceptable; absent values are not checked.
 */
export function tpSlProblem(args: {
  side: LeverSide;
  openPrice: string;
  liquidationPrice: string | null;
  tp?: string | null;
  sl?: string | null;
}): { key: TpSlProblem; field: 'tp' | 'sl' } | null {
  const { side, openPrice, liquidationPrice, tp, sl } = args;
  const s = sign(side);
  if (tp && new D(tp).minus(openPrice).mul(s).lte(0)) return { key: 'leverTpSide', field: 'tp' };
  if (sl) {
    if (new D(sl).minus(openPrice).mul(s).gte(0)) return { key: 'leverSlSide', field: 'sl' };
    if (liquidationPrice !== null && new D(sl).minus(liquidationPrice).mul(s).lte(0)) {
      return { key: 'leverSlBeyondLiquidation', field: 'sl' };
    }
  }
  return null;
}

/** What the open form has chosen; decimal strings may be empty or half-typed. */
export interface LeverPreviewInput {
  side: LeverSide;
  /** Limit price, or the contract price (last trade) for a market order. */
  price?: string | null;
  hands?: number | string | null;
  multiple?: number | string | null;
  lot: string;
  tickSize: string;
  openFeeRate: string;
  overnightRate: string;
  liquidationRiskRate: string;
  /** Available lever balance of the margin coin. */
  available?: string | null;
}

/** The exact pre-trade receipt; null fields where the input does not allow a value yet. */
export interface LeverPreview {
  size: string | null;
  notional: string | null;
  margin: string | null;
  openFee: string | null;
  /** margin + open fee: what leaves the available balance. */
  cost: string | null;
  overnightPerDay: string | null;
  liquidationPrice: string | null;
  availableAfter: string | null;
  /** True when the cost exceeds the available balance. */
  insufficient: boolean;
}

const PLAIN = /^\d+(\.\d+)?$/;
const wholePositive = (v: number | string | null | undefined): number | null => {
  const text = typeof v === 'number' ? String(v) : (v ?? '').trim();
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
};

/** The pre-trade receipt the server would compute for the same order at the same price. */
export function previewLever(input: LeverPreviewInput): LeverPreview {
  const out: LeverPreview = {
    size: null,
    notional: null,
    margin: null,
    openFee: null,
    cost: null,
    overnightPerDay: null,
    liquidationPrice: null,
    availableAfter: null,
    insufficient: false,
  };
  const hands = wholePositive(input.hands);
  const multiple = wholePositive(input.multiple);
  if (hands === null) return out;
  out.size = contractSize(hands, input.lot);
  const price = input.price?.trim() ?? '';
  if (!PLAIN.test(price) || !new D(price).gt(0) || multiple === null) return out;
  const notional = notionalOf(price, hands, input.lot);
  out.notional = notional;
  out.margin = marginOf(price, hands, input.lot, multiple);
  out.openFee = leverFeeOf(notional, input.openFeeRate);
  out.cost = floorUnit(new D(out.margin).plus(out.openFee));
  out.overnightPerDay = leverFeeOf(notional, input.overnightRate);
  out.liquidationPrice = liquidationPriceOf(
    input.side,
    price,
    out.margin,
    hands,
    input.lot,
    input.liquidationRiskRate,
    input.tickSize,
  );
  const available = input.available?.trim() ?? '';
  if (PLAIN.test(available)) {
    const after = new D(available).minus(out.cost);
    out.insufficient = after.lt(0);
    out.availableAfter = out.insufficient ? null : floorUnit(after);
  }
  return out;
}
