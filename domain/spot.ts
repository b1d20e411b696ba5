import type { CryptoDeposit } from './funding';
import type { AccountType } from './ledger';
import type { LeverOrder } from './lever';
import type { SecondOption } from './second-endpoints';

/** Order side. */
export type OrderSide = 'buy' | 'sell';
/** Order type. */
export type OrderType = 'limit' | 'market';
/**
 * Spot order state: `open` (resting, possibly partly filled), `filled` (completed), `cancelled`
 * (by the user, or the unfilled rest of a market order, or stopped by the self-trade policy).
 */
export type SpotOrderStatus = 'open' | 'filled' | 'cancelled';

/** A spot order as the app sees it. Amounts are decimal strings. */
export interface SpotOrder {
  id: number;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  /** Limit price in quote per base; null for market orders. */
  price: string | null;
  /** Ordered quantity in base; null for a market buy given by amount. */
  qty: string | null;
  /** Quote amount to spend (market buy); null otherwise. */
  amount: string | null;
  filledQty: string;
  /** Quote value of the fills. */
  filledAmount: string;
  /** Average fill price, or null before the first fill. */
  avgPrice: string | null;
  /** Fees charged so far, in `feeCoin` (the coin received). */
  fee: string;
  feeCoin: string;
  status: SpotOrderStatus;
  /** Why it ended: filled, cancelled, ioc-remainder, self-trade. */
  reason: string | null;
  clientOrderId: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
}

/** One fill of the user's order (transaction history). */
export interface SpotFill {
  tradeId: number;
  orderId: number;
  symbol: string;
  side: OrderSide;
  /** Whether the user's order was resting (maker) or incoming (taker). */
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  /** price × qty in quote. */
  amount: string;
  fee: string;
  feeCoin: string;
  ts: number;
}

/** The request to place a spot order; decimal strings as typed. */
export interface PlaceOrderReq {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  /** Limit price; required for limit orders. */
  price?: string;
  /** Quantity in base; required for limit orders and market sells. */
  qty?: string;
  /** Quote amount to spend; required for market buys. */
  amount?: string;
  /** Makes a retry safe: the same id returns the first order. 1–40 characters. */
  clientOrderId?: string;
  /** Required when the catalog's trade-password policy for spot orders is `always`. */
  tradePassword?: string;
}

/** A balance line as the app sees it. */
export interface BalanceLine {
  account: AccountType;
  coin: string;
  available: string;
  frozen: string;
}

/** What an operator decides on, besides identity verification (which has its own `kyc` event). */
export type DecisionSubject = 'bankDeposit' | 'withdrawal' | 'merchant' | 'appeal' | 'freeze' | 'listing';

/** Private socket events on the `private` channel. */
export type PrivateEvent =
  | { type: 'order'; order: SpotOrder }
  | { type: 'fill'; fill: SpotFill }
  | { type: 'balance'; balances: BalanceLine[] }
  /** A crypto deposit of the caller was seen, gained confirmations, was credited or became final. */
  | { type: 'deposit'; deposit: CryptoDeposit }
  /** A contract order of the caller was placed, opened, changed, closed or cancelled. */
  | { type: 'lever'; order: LeverOrder }
  /** A timed option of the caller was accepted or settled (with its receipt). */
  | { type: 'second'; option: SecondOption }
  /** An operator decided the caller's identity verification (read `kyc/status` for the detail). */
  | { type: 'kyc'; state: 'verified' | 'rejected' }
  /**
   * An operator decided one of the caller's records: a bank deposit, a withdrawal, a merchant
   * application, an appealed fiat order, a fiat freeze or a coin-listing application (`id`), which
   * is now in `state`. A page that shows it reads it again.
   */
  | { type: 'decision'; subject: DecisionSubject; id: number; state: string };
