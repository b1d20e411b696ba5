import type { SettlementReceipt } from './receipt';

/** Side of a contract position: long gains when the price rises, short when it falls. */
export type LeverSide = 'long' | 'short';
/** How a contract order opens: at once at the contract price, or when the price reaches a target. */
export type LeverOrderType = 'market' | 'limit';
/**
 * Contract order state (spec §4): entrusting (a limit order waiting), trading (an open position),
 * closing (being settled), closed, cancelled (a limit order withdrawn).
 */
export type LeverStatus = 'entrusting' | 'trading' | 'closing' | 'closed' | 'cancelled';

/** One lever-enabled pair's contract terms. */
export interface LeverPairTerms {
  /** Spot pair whose last trade is the contract price, such as `BTC/USDT`. */
  symbol: string;
  /** Contract size of one hand, in base (decimal string). */
  lot: string;
  /** Smallest and largest number of hands of one order (whole hands, spec §5). */
  minHands: number;
  maxHands: number;
  /** Multiples a user may pick, ascending, such as `[5, 10, 20, 50, 100]`. */
  multiples: number[];
  /** Largest net exposure of the house on this pair, in hands (long hands − short hands, absolute). */
  maxExposureHands: number;
}

/** Lever terms of the catalog that the app reads (`lever/config`). Rates are decimal strings. */
export interface LeverTerms {
  pairs: LeverPairTerms[];
  /** Fee on the notional at open, such as `0.0005`. */
  openFeeRate: string;
  /** Fee on the notional at close. */
  closeFeeRate: string;
  /** Overnight fee per day on the notional at the open price. */
  overnightRate: string;
  /** UTC time of day when the overnight fee is charged, `HH:MM`. */
  overnightAtUtc: string;
  /** Risk rate at or below which a position is liquidated, such as `0.2`. */
  liquidationRiskRate: string;
  /** Risk rate at or below which the app warns that liquidation is near. */
  warnRiskRate: string;
  /** How old the last spot trade may be to open or close, in milliseconds. */
  staleMs: number;
  /** Whether opening needs the trade password. */
  tradePassword: 'never' | 'always';
}

/** A contract order or position as the app sees it. Money is decimal strings in the pair's quote. */
export interface LeverOrder {
  id: number;
  symbol: string;
  side: LeverSide;
  type: LeverOrderType;
  status: LeverStatus;
  multiple: number;
  hands: number;
  /** Contract size of one hand at the time of the order, in base. */
  lot: string;
  /** hands × lot, in base. */
  size: string;
  /** Limit price of a limit order, else null. */
  limitPrice: string | null;
  /** Price the position opened at; null while entrusting or when cancelled. */
  openPrice: string | null;
  /** Margin held by the position now (the frozen amount while entrusting). */
  margin: string;
  openFee: string;
  closeFee: string;
  /** Overnight fees paid so far. */
  overnightFees: string;
  tp: string | null;
  sl: string | null;
  /** Price at which the position is liquidated (floored/ceiled to the tick), null when never. */
  liquidationPrice: string | null;
  /** Settlement price, PnL (signed, what the user gained before the close fee) once closed. */
  closePrice: string | null;
  pnl: string | null;
  /** Coin margins and fees are in (the pair's quote). */
  coin: string;
  createdAt: number;
  openedAt: number | null;
  closedAt: number | null;
  /** The settlement receipt of a closed or cancelled order. */
  receipt: SettlementReceipt | null;
}

/** Request of `lever/open`. */
export interface LeverOpenReq {
  symbol: string;
  side: LeverSide;
  type: LeverOrderType;
  multiple: number | string;
  hands: number | string;
  /** Limit price, for limit orders. */
  price?: string;
  tradePassword?: string;
}

/** Which positions a batch close takes. */
export type LeverCloseScope = 'all' | 'long' | 'short';

/** Reply of a batch close. */
export interface LeverCloseAllRes {
  closed: LeverOrder[];
}
