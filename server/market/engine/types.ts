/**
 * Public contract of the in-memory matching engine (one engine instance per market).
 *
 * Units, everywhere in this module:
 * - **ticks**: integer price; `price = ticks × tickSize` of the market (the catalog owns tickSize).
 * - **lots**: integer base quantity; `qty = lots × lotSize` of the market.
 * - **quote units**: integer notional `ticks × lots`; the quote amount is `quoteUnits × tickSize × lotSize`.
 *
 * All of them are JS numbers that must be safe integers (`Number.isSafeInteger`); the engine checks that
 * at its boundary and never does float arithmetic on them (only `+ - ×` of integers and a floor division).
 * Conversion from decimal strings to ticks/lots belongs to the order service, not to the engine.
 */

/** Order side. The taker side of a trade is the side of the incoming order. */
export type Side = 'buy' | 'sell';

/**
 * Self-trade prevention policy. Only one policy exists and it is declared here so every caller, test and
 * the reference engine agree on it:
 *
 * `'expire-taker'` (a.k.a. cancel-newest): when an incoming order would trade against a resting order of
 * the **same user**, matching stops there; trades already executed by that incoming order stand, the
 * resting (older) order is left untouched, and the remainder of the incoming order is cancelled with the
 * done reason `'self-trade'` (it never rests, even when it is a limit order, because resting it would
 * cross the user's own order).
 */
export type SelfTradePolicy = 'expire-taker';

/** The self-trade policy implemented by both engines. */
export const SELF_TRADE_POLICY: SelfTradePolicy = 'expire-taker';

/** Fields common to every order request. */
interface OrderRequestBase {
  /** Order id chosen by the caller (order service); safe integer, unique per engine instance. */
  readonly orderId: number;
  /** Owner of the order; safe integer. Used for self-trade prevention and idempotency. */
  readonly userId: number;
  readonly side: Side;
  /**
   * Optional client order id. A second request with the same `userId` + `clientOrderId` returns the
   * original result (with `replayed: true`) and creates no order, whatever the other fields say. Requests
   * rejected as `'invalid'` are not remembered (their fields cannot be trusted to form a key). At most
   * `MAX_CLIENT_ORDER_ID_LENGTH` characters. See `EngineOptions.idempotencyWindow`.
   */
  readonly clientOrderId?: string;
}

/** A good-till-cancelled limit order: matches what it can at `priceTicks` or better, rests the rest. */
export interface LimitOrderRequest extends OrderRequestBase {
  readonly type: 'limit';
  /** Limit price in ticks (> 0). */
  readonly priceTicks: number;
  /** Quantity in lots (> 0). `priceTicks × lots` must be a safe integer. */
  readonly lots: number;
}

/**
 * A market order with immediate-or-cancel semantics: it sweeps the opposite side from the best price
 * and any unfilled remainder is cancelled (done reason `'ioc-remainder'`), never rested.
 *
 * At least one of `lots` and `quoteBudget` must be given; when both are given the order stops at
 * whichever limit is reached first.
 */
export interface MarketOrderRequest extends OrderRequestBase {
  readonly type: 'market';
  /** Maximum quantity in lots (> 0). */
  readonly lots?: number;
  /**
   * Maximum notional in quote units (`ticks × lots`, > 0): for a buy, the most it may spend; for a sell,
   * the most it may receive. At each resting order it takes `floor(budgetLeft / priceTicks)` lots at most.
   * A budget order that stops because the budget cannot buy one more lot at the next resting order's price
   * is `'filled'` (checked before self-trade prevention, so an exhausted budget is never a self-trade).
   */
  readonly quoteBudget?: number;
}

/** What `place` accepts. */
export type OrderRequest = LimitOrderRequest | MarketOrderRequest;

/**
 * Why an order left the book (or never reached it):
 * - `'filled'`: fully traded (a budget market order: budget exhausted).
 * - `'cancelled'`: cancelled by `cancel()`.
 * - `'ioc-remainder'`: a market order ran out of opposite liquidity; the remainder is cancelled.
 * - `'self-trade'`: stopped by the self-trade policy (see `SelfTradePolicy`); the remainder is cancelled.
 */
export type DoneReason = 'filled' | 'cancelled' | 'ioc-remainder' | 'self-trade';

/**
 * Why `place` refused an order without touching the book (no events are emitted, no sequence used):
 * - `'invalid'`: a field is missing, not a positive safe integer, or the notional is not a safe integer.
 * - `'no-liquidity'`: a market order found the opposite side empty. The order service shows the spec's
 *   "no optimal price at present" text (domain error key `noOptimalPrice`).
 */
export type RejectReason = 'invalid' | 'no-liquidity';

/** Final state of the incoming order right after `place` returns. */
export type PlaceStatus = 'resting' | 'filled' | 'cancelled' | 'rejected';

/** Outcome of `place`. Immutable; the same object is kept for idempotent replays. */
export interface PlaceResult {
  readonly orderId: number;
  readonly status: PlaceStatus;
  /** Set when status is `'filled'` or `'cancelled'` (done reason) or `'rejected'` (reject reason). */
  readonly reason: DoneReason | RejectReason | undefined;
  /** Priority sequence assigned at acceptance (0 when rejected); persist it for `restore`. */
  readonly seq: number;
  /** Lots traded by this order as taker, in lots. */
  readonly filledLots: number;
  /** Notional traded as taker, in quote units (Σ priceTicks × lots over its trades). */
  readonly filledQuote: number;
  /** Lots left resting in the book (status `'resting'`), else 0. */
  readonly restingLots: number;
  /** True when this result is a replay of an earlier request with the same userId + clientOrderId. */
  readonly replayed: boolean;
}

/** An order resting in the book (also the shape `restore` takes from persistence). */
export interface OpenOrder {
  readonly orderId: number;
  readonly userId: number;
  readonly side: Side;
  /** Limit price in ticks. */
  readonly priceTicks: number;
  /** Remaining (unfilled) quantity in lots. */
  readonly lots: number;
  /** Time-priority sequence assigned when the order was accepted (lower = earlier). */
  readonly seq: number;
  readonly clientOrderId?: string;
}

/** Emitted when an order is accepted (before any of its trades). */
export interface AcceptedEvent {
  readonly orderId: number;
  readonly userId: number;
  readonly side: Side;
  readonly type: 'limit' | 'market';
  /** Limit price in ticks; 0 for a market order. */
  readonly priceTicks: number;
  /** Requested lots; 0 for a budget-only market order. */
  readonly lots: number;
  /** Quote budget in quote units; 0 when not given. */
  readonly quoteBudget: number;
  readonly seq: number;
  readonly clientOrderId: string | undefined;
}

/** One execution. The price is always the resting (maker) order's price. */
export interface TradeEvent {
  readonly makerOrderId: number;
  readonly makerUserId: number;
  readonly takerOrderId: number;
  readonly takerUserId: number;
  /** Side of the taker (incoming) order. */
  readonly takerSide: Side;
  /** Execution price in ticks. */
  readonly priceTicks: number;
  /** Executed quantity in lots. */
  readonly lots: number;
  /** Maker's remaining lots after this trade (0 = maker done, a `done` event follows). */
  readonly makerRemainingLots: number;
}

/** Emitted when an order leaves the engine: filled, cancelled, IOC remainder or self-trade. */
export interface DoneEvent {
  readonly orderId: number;
  readonly userId: number;
  readonly side: Side;
  readonly reason: DoneReason;
  /**
   * Lots that were not traded and are released, in lots: 0 when filled, and 0 for a budget-only market
   * order (it has no lot count; the unspent budget is `quoteBudget − PlaceResult.filledQuote`).
   */
  readonly cancelledLots: number;
}

/**
 * Receives engine output synchronously, during `place`/`cancel`. A listener must not throw and must not
 * call back into the engine (the book is mid-update); copy what it needs and return.
 *
 * Guaranteed order within one operation: `accepted` first; then the trades in execution order, each maker's
 * `done` right after the trade that filled it; then the taker's `done` (unless it rests). `level` events
 * carry the **new total** lots at a price (0 = level removed), one per level whose total changed: first the
 * opposite side in matching order, then the taker's own side (the level it rests on). `OrderBook` emits a
 * swept level's event as soon as it leaves that level; `ReferenceEngine` emits all of them at the end of
 * the operation. Consumers that build depth diffs per operation see the same thing from both.
 */
export interface EngineListener {
  accepted(event: AcceptedEvent): void;
  trade(event: TradeEvent): void;
  done(event: DoneEvent): void;
  /** A price level's total changed: `side` of the book, price in ticks, new total in lots. */
  level(side: Side, priceTicks: number, totalLots: number): void;
}

/** Result of `cancel`. */
export type CancelResult =
  { readonly ok: true; readonly order: OpenOrder } | { readonly ok: false; readonly reason: 'unknown-order' };

/** One aggregated price level: [price in ticks, total lots]. */
export type DepthLevel = readonly [priceTicks: number, lots: number];

/** Aggregated depth, best price first on each side. */
export interface DepthSnapshot {
  /** Highest price first. */
  readonly bids: readonly DepthLevel[];
  /** Lowest price first. */
  readonly asks: readonly DepthLevel[];
}

/** Construction options shared by both engines. */
export interface EngineOptions {
  /** Receives events; defaults to a no-op listener. */
  readonly listener?: EngineListener;
  /**
   * How many `userId + clientOrderId` results are remembered for idempotent replay (oldest evicted first).
   * Default 100 000; 0 disables replay. This is an in-memory fast path only: `restore` cannot re-register
   * client ids (the original results are not persisted), so across restarts and beyond the window the
   * durable guarantee must be the order service's unique constraint on (userId, clientOrderId).
   */
  readonly idempotencyWindow?: number;
}

/** Operations the order service calls; implemented by `OrderBook` and by `ReferenceEngine`. */
export interface MatchingEngine {
  /** Validates, matches and (for a limit remainder) rests an order. Throws on a duplicate `orderId`. */
  place(request: OrderRequest): PlaceResult;
  /** Cancels a resting order by id. Ownership checks are the caller's job. */
  cancel(orderId: number): CancelResult;
  /** Aggregated depth, at most `levels` per side (default: all). */
  snapshot(levels?: number): DepthSnapshot;
  /**
   * Rebuilds the book of an **empty** engine from persisted open orders, in `seq` order (input order does
   * not matter). Emits no events. Later orders get sequences from `nextSeq` (default: highest restored
   * `seq` + 1); pass the highest sequence ever persisted + 1 to keep sequences unique across the market's
   * whole history (done orders included). Throws on invalid, duplicate or crossed input.
   */
  restore(openOrders: readonly OpenOrder[], nextSeq?: number): void;
  /** All resting orders: bids best-first then asks best-first, time priority within a level. */
  openOrders(): OpenOrder[];
  /** A resting order by id. */
  getOrder(orderId: number): OpenOrder | undefined;
  /** Best bid in ticks, or undefined when there is no bid. */
  bestBid(): number | undefined;
  /** Best ask in ticks, or undefined when there is no ask. */
  bestAsk(): number | undefined;
}
