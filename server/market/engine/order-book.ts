import { BookSide } from './book-side';
import { IdempotencyCache } from './idempotency-cache';
import { NOOP_LISTENER } from './listeners';
import { RestingOrder } from './price-level';
import {
  accepted,
  assertValidOpenOrder,
  checkedNextSeq,
  fitsCapacity,
  floorDiv,
  isValidRequest,
  rejected,
} from './request-checks';
import type {
  CancelResult,
  DepthSnapshot,
  DoneReason,
  EngineListener,
  EngineOptions,
  MatchingEngine,
  OpenOrder,
  OrderRequest,
  PlaceResult,
  Side,
} from './types';

/** "No limit" for lots and limit price of market orders; any real quantity or price is below it. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

// Why the matching loop stopped; decides the taker's done reason.
const STOP_QUANTITY = 0;
const STOP_BUDGET = 1;
const STOP_SELF_TRADE = 2;
const STOP_BOOK = 3; // opposite side empty, or next level beyond the limit price

const UNKNOWN_ORDER: CancelResult = Object.freeze({ ok: false, reason: 'unknown-order' });

/**
 * The fast matching engine of one market: price-time priority over integer ticks and lots, one writer
 * (call it from a single logical thread per market), fully deterministic (no clocks, no randomness:
 * the same calls give the same events and book).
 *
 * Cost per operation: O(1) to rest at an existing level, to cancel, and per maker filled; O(log L) plus a
 * short array move to create or remove a level that is not the best (L = number of levels on that side).
 *
 * Policies (shared with `ReferenceEngine`, see `types.ts`): self-trade prevention `'expire-taker'`
 * (`SELF_TRADE_POLICY`), market orders are IOC, market orders on an empty opposite side are rejected with
 * `'no-liquidity'`, idempotent replay by `userId + clientOrderId`.
 */
export class OrderBook implements MatchingEngine {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new Map<number, RestingOrder>();
  private readonly clientIds: IdempotencyCache;
  private readonly listener: EngineListener;
  /** Next time-priority sequence; starts at 1 so 0 can mean "none" in results. */
  private nextSeq = 1;

  constructor(options: EngineOptions = {}) {
    this.listener = options.listener ?? NOOP_LISTENER;
    this.clientIds = new IdempotencyCache(options.idempotencyWindow);
  }

  place(request: OrderRequest): PlaceResult {
    // Invalid requests are answered before the idempotency lookup so garbage never becomes a cache key.
    if (!isValidRequest(request)) return rejected(request.orderId, 'invalid');
    const cid = request.clientOrderId;
    if (cid === undefined) return this.execute(request);
    const key = IdempotencyCache.key(request.userId, cid);
    const replay = this.clientIds.replay(key);
    if (replay !== undefined) return replay;
    const result = this.execute(request);
    this.clientIds.remember(key, result);
    return result;
  }

  cancel(orderId: number): CancelResult {
    const node = this.orders.get(orderId);
    if (node === undefined) return UNKNOWN_ORDER;
    this.orders.delete(orderId);
    const side = node.side === 'buy' ? this.bids : this.asks;
    const level = node.level;
    const lots = node.lots;
    level.remove(node);
    side.notional -= node.priceTicks * lots;
    if (level.isEmpty()) side.removeLevel(level);
    const order = node.toOpenOrder();
    this.listener.done({
      orderId,
      userId: node.userId,
      side: node.side,
      reason: 'cancelled',
      cancelledLots: lots,
    });
    this.listener.level(node.side, node.priceTicks, level.totalLots);
    return { ok: true, order };
  }

  snapshot(levels: number = NO_LIMIT): DepthSnapshot {
    if (!Number.isSafeInteger(levels) || levels < 0)
      throw new Error(`snapshot: invalid level count ${levels}`);
    return { bids: this.bids.depth(levels), asks: this.asks.depth(levels) };
  }

  restore(openOrders: readonly OpenOrder[], nextSeq?: number): void {
    if (this.nextSeq !== 1) throw new Error('restore: the engine is not empty');
    for (const o of openOrders) assertValidOpenOrder(o);
    const sorted = [...openOrders].sort((a, b) => a.seq - b.seq);
    assertRestorable(sorted);
    for (const o of sorted) {
      const side = o.side === 'buy' ? this.bids : this.asks;
      if (!fitsCapacity(side.notional, o.priceTicks, o.lots))
        throw new Error('restore: notional capacity exceeded');
      const level = side.levelAt(o.priceTicks);
      const node = new RestingOrder(
        o.orderId,
        o.userId,
        o.side,
        o.priceTicks,
        o.lots,
        o.seq,
        o.clientOrderId,
        level,
      );
      level.append(node);
      side.notional += o.priceTicks * o.lots;
      this.orders.set(o.orderId, node);
    }
    this.nextSeq = checkedNextSeq(sorted.length > 0 ? sorted[sorted.length - 1].seq : 0, nextSeq);
  }

  openOrders(): OpenOrder[] {
    const out: OpenOrder[] = [];
    for (const side of [this.bids, this.asks]) {
      for (const level of side.bestFirst()) {
        for (let n = level.head; n !== null; n = n.next) out.push(n.toOpenOrder());
      }
    }
    return out;
  }

  /**
   * The resting orders of one side in matching order (best price first, time priority within a
   * level), lazily: a caller that stops early (a quote that has its quantity) walks only what it
   * needs. Read-only; do not place or cancel while iterating.
   */
  *resting(side: Side): IterableIterator<OpenOrder> {
    for (const level of (side === 'buy' ? this.bids : this.asks).bestFirst()) {
      for (let n = level.head; n !== null; n = n.next) yield n.toOpenOrder();
    }
  }

  getOrder(orderId: number): OpenOrder | undefined {
    return this.orders.get(orderId)?.toOpenOrder();
  }

  bestBid(): number | undefined {
    return this.bids.best()?.priceTicks;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.priceTicks;
  }

  /** Matches and rests a validated request (the hot path: no closures, no per-trade arrays). */
  private execute(r: OrderRequest): PlaceResult {
    const takerId = r.orderId;
    if (this.orders.has(takerId)) throw new Error(`place: duplicate orderId ${takerId}`);
    const side = r.side;
    const buy = side === 'buy';
    const own = buy ? this.bids : this.asks;
    const opposite = buy ? this.asks : this.bids;
    let limit: number;
    let lots: number;
    let budgetLeft: number; // -1 = no budget
    if (r.type === 'limit') {
      if (!fitsCapacity(own.notional, r.priceTicks, r.lots)) return rejected(takerId, 'invalid');
      limit = r.priceTicks;
      lots = r.lots;
      budgetLeft = -1;
    } else {
      if (opposite.isEmpty()) return rejected(takerId, 'no-liquidity');
      limit = buy ? NO_LIMIT : 0;
      lots = r.lots ?? NO_LIMIT;
      budgetLeft = r.quoteBudget ?? -1;
    }

    const seq = this.nextSeq++;
    const userId = r.userId;
    const listener = this.listener;
    listener.accepted({
      orderId: takerId,
      userId,
      side,
      type: r.type,
      priceTicks: r.type === 'limit' ? limit : 0,
      lots: r.lots ?? 0,
      quoteBudget: r.type === 'market' ? (r.quoteBudget ?? 0) : 0,
      seq,
      clientOrderId: r.clientOrderId,
    });

    let remaining = lots;
    let filled = 0;
    let quote = 0;
    let stop = STOP_QUANTITY;
    while (remaining > 0) {
      const level = opposite.best();
      if (level === undefined) {
        stop = STOP_BOOK;
        break;
      }
      const px = level.priceTicks;
      if (buy ? px > limit : px < limit) {
        stop = STOP_BOOK;
        break;
      }
      let touched = false;
      let maker = level.head;
      while (maker !== null) {
        // Budget before self-trade: an order that cannot afford one more lot is complete ('filled'),
        // whoever the next maker is.
        let fill = maker.lots < remaining ? maker.lots : remaining;
        if (budgetLeft >= 0) {
          const affordable = floorDiv(budgetLeft, px);
          if (affordable === 0) {
            stop = STOP_BUDGET;
            break;
          }
          if (affordable < fill) fill = affordable;
        }
        if (maker.userId === userId) {
          stop = STOP_SELF_TRADE;
          break;
        }
        const notional = fill * px;
        if (budgetLeft >= 0) budgetLeft -= notional;
        maker.lots -= fill;
        level.totalLots -= fill;
        opposite.notional -= notional;
        remaining -= fill;
        filled += fill;
        quote += notional;
        touched = true;
        const next = maker.next;
        listener.trade({
          makerOrderId: maker.orderId,
          makerUserId: maker.userId,
          takerOrderId: takerId,
          takerUserId: userId,
          takerSide: side,
          priceTicks: px,
          lots: fill,
          makerRemainingLots: maker.lots,
        });
        if (maker.lots === 0) {
          level.remove(maker);
          this.orders.delete(maker.orderId);
          listener.done({
            orderId: maker.orderId,
            userId: maker.userId,
            side: maker.side,
            reason: 'filled',
            cancelledLots: 0,
          });
        }
        if (remaining === 0) break;
        maker = next;
      }
      if (touched) {
        if (level.isEmpty()) opposite.removeLevel(level);
        listener.level(opposite.side, px, level.totalLots);
      }
      if (stop !== STOP_QUANTITY || remaining === 0) break;
    }

    let reason: DoneReason | undefined;
    if (remaining === 0) reason = 'filled';
    else if (stop === STOP_SELF_TRADE) reason = 'self-trade';
    else if (stop === STOP_BUDGET) reason = filled > 0 ? 'filled' : 'ioc-remainder';
    else if (r.type === 'market') reason = 'ioc-remainder';

    if (reason === undefined) {
      this.rest(takerId, userId, side, limit, remaining, seq, r.clientOrderId);
      return accepted(takerId, seq, undefined, filled, quote, remaining);
    }
    // A budget-only market order has no lot count, so nothing countable is left over.
    const cancelledLots = r.type === 'market' && r.lots === undefined ? 0 : remaining;
    listener.done({ orderId: takerId, userId, side, reason, cancelledLots });
    return accepted(takerId, seq, reason, filled, quote, 0);
  }

  private rest(
    orderId: number,
    userId: number,
    side: Side,
    priceTicks: number,
    lots: number,
    seq: number,
    clientOrderId: string | undefined,
  ): void {
    const book = side === 'buy' ? this.bids : this.asks;
    const level = book.levelAt(priceTicks);
    const node = new RestingOrder(orderId, userId, side, priceTicks, lots, seq, clientOrderId, level);
    level.append(node);
    book.notional += priceTicks * lots;
    this.orders.set(orderId, node);
    this.listener.level(side, priceTicks, level.totalLots);
  }
}

/** Rejects restore input that cannot come from a consistent engine: duplicates or a crossed book. */
function assertRestorable(sorted: readonly OpenOrder[]): void {
  const ids = new Set<number>();
  let maxBid = 0;
  let minAsk = NO_LIMIT;
  for (let i = 0; i < sorted.length; i++) {
    const o = sorted[i];
    if (ids.has(o.orderId)) throw new Error(`restore: duplicate orderId ${o.orderId}`);
    if (i > 0 && sorted[i - 1].seq === o.seq) throw new Error(`restore: duplicate seq ${o.seq}`);
    ids.add(o.orderId);
    if (o.side === 'buy') maxBid = Math.max(maxBid, o.priceTicks);
    else minAsk = Math.min(minAsk, o.priceTicks);
  }
  if (maxBid >= minAsk) throw new Error(`restore: crossed book (bid ${maxBid} ≥ ask ${minAsk})`);
}
