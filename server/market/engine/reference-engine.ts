import { IdempotencyCache } from './idempotency-cache';
import { NOOP_LISTENER } from './listeners';
import {
  accepted,
  assertValidOpenOrder,
  checkedNextSeq,
  fitsCapacity,
  isValidRequest,
  rejected,
} from './request-checks';
import type {
  CancelResult,
  DepthLevel,
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

/** A resting order of the reference engine: a plain record in one flat array. */
interface Row {
  orderId: number;
  userId: number;
  side: Side;
  priceTicks: number;
  lots: number;
  seq: number;
  clientOrderId: string | undefined;
}

/** Price-time priority: better price first, then lower sequence. */
const byPriority = (a: Row, b: Row): number =>
  a.priceTicks !== b.priceTicks
    ? a.side === 'buy'
      ? b.priceTicks - a.priceTicks
      : a.priceTicks - b.priceTicks
    : a.seq - b.seq;

const copy = (r: Row): OpenOrder =>
  r.clientOrderId === undefined
    ? {
        orderId: r.orderId,
        userId: r.userId,
        side: r.side,
        priceTicks: r.priceTicks,
        lots: r.lots,
        seq: r.seq,
      }
    : { ...r };

/**
 * The naive reference engine: every order in one flat array that is filtered and sorted on every
 * operation, level totals recomputed from scratch, budget division done in bigint. Slow on purpose and
 * written to be obviously correct; the property test demands that `OrderBook` produce exactly the same
 * trades, done events, level changes and books. Same interface and policies as `OrderBook`.
 *
 * Event timing differs in one documented, allowed way: level changes are emitted at the end of each
 * operation (diff of aggregated depth), while `OrderBook` emits each as soon as a level is finished. The
 * order among level events is the same (opposite side in matching order, then own side).
 */
export class ReferenceEngine implements MatchingEngine {
  private rows: Row[] = [];
  private readonly clientIds: IdempotencyCache;
  private readonly listener: EngineListener;
  private nextSeq = 1;

  constructor(options: EngineOptions = {}) {
    this.listener = options.listener ?? NOOP_LISTENER;
    this.clientIds = new IdempotencyCache(options.idempotencyWindow);
  }

  place(request: OrderRequest): PlaceResult {
    if (!isValidRequest(request)) return rejected(request.orderId, 'invalid');
    if (request.clientOrderId === undefined) return this.execute(request);
    const key = IdempotencyCache.key(request.userId, request.clientOrderId);
    const replay = this.clientIds.replay(key);
    if (replay !== undefined) return replay;
    const result = this.execute(request);
    this.clientIds.remember(key, result);
    return result;
  }

  cancel(orderId: number): CancelResult {
    const row = this.rows.find((r) => r.orderId === orderId);
    if (row === undefined) return { ok: false, reason: 'unknown-order' };
    this.rows = this.rows.filter((r) => r !== row);
    this.listener.done({
      orderId,
      userId: row.userId,
      side: row.side,
      reason: 'cancelled',
      cancelledLots: row.lots,
    });
    this.listener.level(row.side, row.priceTicks, this.levelTotal(row.side, row.priceTicks));
    return { ok: true, order: copy(row) };
  }

  snapshot(levels: number = Number.MAX_SAFE_INTEGER): DepthSnapshot {
    if (!Number.isSafeInteger(levels) || levels < 0)
      throw new Error(`snapshot: invalid level count ${levels}`);
    return { bids: this.depth('buy').slice(0, levels), asks: this.depth('sell').slice(0, levels) };
  }

  restore(openOrders: readonly OpenOrder[], nextSeq?: number): void {
    if (this.nextSeq !== 1) throw new Error('restore: the engine is not empty');
    openOrders.forEach(assertValidOpenOrder);
    if (new Set(openOrders.map((o) => o.orderId)).size !== openOrders.length)
      throw new Error('restore: dup id');
    if (new Set(openOrders.map((o) => o.seq)).size !== openOrders.length) throw new Error('restore: dup seq');
    const bids = openOrders.filter((o) => o.side === 'buy').map((o) => o.priceTicks);
    const asks = openOrders.filter((o) => o.side === 'sell').map((o) => o.priceTicks);
    if (bids.length > 0 && asks.length > 0 && Math.max(...bids) >= Math.min(...asks)) {
      throw new Error('restore: crossed book');
    }
    for (const side of ['buy', 'sell'] as const) {
      const notional = openOrders
        .filter((o) => o.side === side)
        .reduce((sum, o) => BigInt(o.priceTicks) * BigInt(o.lots) + sum, 0n);
      if (notional > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('restore: notional capacity exceeded');
    }
    this.rows = openOrders.map((o) => ({ ...o, clientOrderId: o.clientOrderId }));
    this.nextSeq = checkedNextSeq(Math.max(0, ...openOrders.map((o) => o.seq)), nextSeq);
  }

  openOrders(): OpenOrder[] {
    const bids = this.rows.filter((r) => r.side === 'buy').sort(byPriority);
    const asks = this.rows.filter((r) => r.side === 'sell').sort(byPriority);
    return [...bids, ...asks].map(copy);
  }

  getOrder(orderId: number): OpenOrder | undefined {
    const row = this.rows.find((r) => r.orderId === orderId);
    return row === undefined ? undefined : copy(row);
  }

  bestBid(): number | undefined {
    return this.depth('buy')[0]?.[0];
  }

  bestAsk(): number | undefined {
    return this.depth('sell')[0]?.[0];
  }

  private execute(r: OrderRequest): PlaceResult {
    if (this.rows.some((row) => row.orderId === r.orderId))
      throw new Error(`place: duplicate orderId ${r.orderId}`);
    const opposite: Side = r.side === 'buy' ? 'sell' : 'buy';
    if (r.type === 'limit' && !fitsCapacity(this.sideNotional(r.side), r.priceTicks, r.lots)) {
      return rejected(r.orderId, 'invalid');
    }
    if (r.type === 'market' && !this.rows.some((row) => row.side === opposite)) {
      return rejected(r.orderId, 'no-liquidity');
    }
    const seq = this.nextSeq++;
    this.listener.accepted({
      orderId: r.orderId,
      userId: r.userId,
      side: r.side,
      type: r.type,
      priceTicks: r.type === 'limit' ? r.priceTicks : 0,
      lots: r.lots ?? 0,
      quoteBudget: r.type === 'market' ? (r.quoteBudget ?? 0) : 0,
      seq,
      clientOrderId: r.clientOrderId,
    });
    const oppositeBefore = this.depth(opposite);
    const ownBefore = this.depth(r.side);

    const crosses = (row: Row): boolean =>
      r.type === 'market' ||
      (r.side === 'buy' ? row.priceTicks <= r.priceTicks : row.priceTicks >= r.priceTicks);
    const makers = this.rows.filter((row) => row.side === opposite && crosses(row)).sort(byPriority);

    let remaining = r.lots === undefined ? Infinity : r.lots;
    let budget = r.type === 'market' && r.quoteBudget !== undefined ? BigInt(r.quoteBudget) : undefined;
    let filled = 0;
    let quote = 0;
    let stop: 'quantity' | 'budget' | 'self-trade' | 'book' = 'book';
    for (const maker of makers) {
      const affordable = budget === undefined ? Infinity : Number(budget / BigInt(maker.priceTicks));
      if (affordable === 0) {
        stop = 'budget';
        break;
      }
      if (maker.userId === r.userId) {
        stop = 'self-trade';
        break;
      }
      const fill = Math.min(maker.lots, remaining, affordable);
      if (budget !== undefined) budget -= BigInt(fill) * BigInt(maker.priceTicks);
      maker.lots -= fill;
      remaining -= fill;
      filled += fill;
      quote += fill * maker.priceTicks;
      this.listener.trade({
        makerOrderId: maker.orderId,
        makerUserId: maker.userId,
        takerOrderId: r.orderId,
        takerUserId: r.userId,
        takerSide: r.side,
        priceTicks: maker.priceTicks,
        lots: fill,
        makerRemainingLots: maker.lots,
      });
      if (maker.lots === 0) {
        this.rows = this.rows.filter((row) => row !== maker);
        this.listener.done({
          orderId: maker.orderId,
          userId: maker.userId,
          side: maker.side,
          reason: 'filled',
          cancelledLots: 0,
        });
      }
      if (remaining === 0) {
        stop = 'quantity';
        break;
      }
      if (maker.lots > 0) {
        // The maker still has lots and the taker wants more: only the budget can have limited the fill.
        stop = 'budget';
        break;
      }
    }

    let reason: DoneReason | undefined;
    if (remaining === 0) reason = 'filled';
    else if (stop === 'self-trade') reason = 'self-trade';
    else if (stop === 'budget') reason = filled > 0 ? 'filled' : 'ioc-remainder';
    else if (r.type === 'market') reason = 'ioc-remainder';

    if (reason === undefined) {
      if (r.type !== 'limit') throw new Error('unreachable: market orders never rest');
      const { orderId, userId, side, priceTicks, clientOrderId } = r;
      this.rows.push({ orderId, userId, side, priceTicks, lots: remaining, seq, clientOrderId });
    } else {
      const cancelledLots = r.lots === undefined ? 0 : remaining;
      this.listener.done({ orderId: r.orderId, userId: r.userId, side: r.side, reason, cancelledLots });
    }
    this.emitLevelChanges(opposite, oppositeBefore);
    this.emitLevelChanges(r.side, ownBefore);
    const resting = reason === undefined ? remaining : 0;
    return accepted(r.orderId, seq, reason, filled, quote, resting);
  }

  /** Emits `level` for every price of `side` whose total differs from `before`, best price first. */
  private emitLevelChanges(side: Side, before: DepthLevel[]): void {
    const after = this.depth(side);
    const prices = [...new Set([...before, ...after].map(([p]) => p))].sort((a, b) =>
      side === 'buy' ? b - a : a - b,
    );
    const total = (levels: DepthLevel[], p: number): number => levels.find(([q]) => q === p)?.[1] ?? 0;
    for (const p of prices) {
      const now = total(after, p);
      if (now !== total(before, p)) this.listener.level(side, p, now);
    }
  }

  /** Aggregated levels of one side, best first. */
  private depth(side: Side): DepthLevel[] {
    const totals = new Map<number, number>();
    for (const r of this.rows)
      if (r.side === side) totals.set(r.priceTicks, (totals.get(r.priceTicks) ?? 0) + r.lots);
    return [...totals.entries()].sort(([a], [b]) => (side === 'buy' ? b - a : a - b));
  }

  private levelTotal(side: Side, priceTicks: number): number {
    return this.rows
      .filter((r) => r.side === side && r.priceTicks === priceTicks)
      .reduce((s, r) => s + r.lots, 0);
  }

  private sideNotional(side: Side): number {
    return this.rows.filter((r) => r.side === side).reduce((s, r) => s + r.priceTicks * r.lots, 0);
  }
}
