import type { Database as SqliteDb } from 'better-sqlite3';
import { prepareAll, type PreparedSet } from '../db';
import { BulkInsert } from '../ledger';
import { ORDER_COLUMNS, STATEMENTS, TRADE_COLUMNS, type OrderRow, type TradeRow } from './order-rows';

export type { OrderRow, TradeRow } from './order-rows';

/** The order rows a batch touched: each read (or created) once, written once when the batch ends. */
interface Batch {
  rows: Map<number, { row: OrderRow; isNew: boolean }>;
  /** `userId|clientOrderId` of the orders created in this batch. */
  clientIds: Map<string, number>;
  /** Id of the next trade; allocated in memory at the first trade of the batch. */
  nextTradeId: number;
}

/**
 * The store of spot_orders and spot_trades. Synchronous. Inside `withBatch` (the order
 * service's group commit) the order rows a batch touches are read once and kept in memory, and new
 * orders, changed orders and trades are written when the batch ends, inside the same transaction
 * (new rows with multi-row INSERTs); outside it every call reads and writes through.
 */
export class OrderStore {
  private readonly q: PreparedSet<typeof STATEMENTS>;
  private readonly newOrders: BulkInsert;
  private readonly newTrades: BulkInsert;
  private batch: Batch | null = null;

  constructor(sqlite: SqliteDb) {
    // Money columns can pass 2^53 minor units: integers come back as bigint, the mappers narrow ids.
    this.q = prepareAll(sqlite, STATEMENTS, { bigints: true });
    this.newOrders = new BulkInsert(sqlite, 'spot_orders', ORDER_COLUMNS);
    this.newTrades = new BulkInsert(sqlite, 'spot_trades', TRADE_COLUMNS);
  }

  /**
   * Runs `fn` with order rows cached and writes deferred until it returns (see the class comment).
   * Must run inside a database transaction; if `fn` throws, nothing is written, the cache is dropped
   * and the caller's transaction must roll back.
   */
  withBatch<T>(fn: () => T): T {
    if (this.batch) return fn();
    this.batch = { rows: new Map(), clientIds: new Map(), nextTradeId: 0 };
    try {
      const result = fn();
      this.writeBatch();
      return result;
    } finally {
      this.batch = null;
      this.newOrders.clear();
      this.newTrades.clear();
    }
  }

  /** The open batch; every write happens inside one (the order service's group commit). */
  private inBatch(what: string) {
    if (!this.batch) throw new Error(`${what} outside a batch`);
    return this.batch;
  }

  private writeBatch(): void {
    const batch = this.batch!;
    // Trades were queued as they happened; new orders go in id order, the others are updated once.
    this.newTrades.flush();
    for (const { row: o, isNew } of batch.rows.values()) {
      if (isNew) {
        this.newOrders.add(
          o.id,
          o.userId,
          o.symbol,
          o.side,
          o.type,
          o.priceTicks,
          o.lots,
          o.budgetUnits,
          o.filledLots,
          o.filledQuoteUnits,
          o.feeUnits,
          o.frozenUnits,
          o.status,
          o.reason,
          o.clientOrderId,
          o.seq,
          o.createdAt,
          o.updatedAt,
        );
      } else {
        this.q.save.run(
          o.filledLots,
          o.filledQuoteUnits,
          o.feeUnits,
          o.frozenUnits,
          o.status,
          o.reason,
          o.updatedAt,
          o.id,
        );
      }
    }
    this.newOrders.flush();
  }

  /**
   * Writes a new order (id chosen by the service). Inside a batch the row is kept (and owned) by the
   * store until the batch ends; later fills and the ending change it there.
   */
  insert(o: OrderRow): void {
    const batch = this.inBatch('insert');
    batch.rows.set(o.id, { row: o, isNew: true });
    if (o.clientOrderId !== null) batch.clientIds.set(`${o.userId}|${o.clientOrderId}`, o.id);
  }

  private maxTradeId(): number {
    return this.q.maxTradeId.get()!;
  }

  /** The highest order id ever written (ids are allocated by the service, in memory). */
  maxId(): number {
    return this.q.maxId.get()!;
  }

  /**
   * An order as it stands now. Inside a batch this is the store's own cached row, which later commands
   * of the batch may change: copy it before handing it out.
   */
  get(id: number): OrderRow | undefined {
    const cached = this.batch?.rows.get(id);
    if (cached) return cached.row;
    const row = this.q.byId.get(id);
    if (row && this.batch) this.batch.rows.set(id, { row, isNew: false });
    return row;
  }

  byClientId(userId: number, clientOrderId: string): OrderRow | undefined {
    const fresh = this.batch?.clientIds.get(`${userId}|${clientOrderId}`);
    if (fresh !== undefined) return this.get(fresh);
    const row = this.q.byClient.get(userId, clientOrderId);
    if (!row) return undefined;
    // Through `get`, so that inside a batch the cached row (possibly changed since) is the one returned.
    return this.batch ? this.get(row.id) : row;
  }

  /** Adds one fill to an order; `spentUnits` leaves its frozen amount. */
  addFill(
    id: number,
    lots: number,
    quoteUnits: bigint,
    feeUnits: bigint,
    spentUnits: bigint,
    at: number,
  ): void {
    this.inBatch('addFill');
    const row = this.get(id);
    if (!row) throw new Error(`fill of unknown order ${id}`);
    if (row.frozenUnits < spentUnits) throw new Error(`order ${id} spends more than it froze`);
    row.filledLots += lots;
    row.filledQuoteUnits += quoteUnits;
    row.feeUnits += feeUnits;
    row.frozenUnits -= spentUnits;
    row.updatedAt = at;
  }

  finish(id: number, status: 'filled' | 'cancelled', reason: string, at: number): void {
    this.inBatch('finish');
    const row = this.get(id);
    if (!row) throw new Error(`finish of unknown order ${id}`);
    row.status = status;
    row.reason = reason;
    row.frozenUnits = 0n;
    row.updatedAt = at;
  }

  openOrders(symbol: string): OrderRow[] {
    return this.q.open.all(symbol);
  }

  maxSeq(symbol: string): number {
    return this.q.maxSeq.get(symbol)!;
  }

  /** A user's orders, newest first, with ids below `before`. */
  ordersOf(
    userId: number,
    status: 'open' | 'history' | 'all',
    symbol: string | null,
    before: number,
    limit: number,
  ) {
    return this.q.ordersOf.all(userId, symbol, symbol, status, status, status, before, limit);
  }

  /** Trades a user took part in, newest first, with ids below `before`. */
  fillsOf(userId: number, symbol: string | null, before: number, limit: number): TradeRow[] {
    return this.q.fillsOf.all(userId, userId, symbol, symbol, before, limit);
  }

  /** The latest trades of a market, newest first. */
  recentTrades(symbol: string, limit: number): TradeRow[] {
    return this.q.recent.all(symbol, limit);
  }

  /** Trades of a market at or after `ts` (ms), oldest first. */
  tradesSince(symbol: string, ts: number): TradeRow[] {
    return this.q.since.all(symbol, ts);
  }

  /** Queues a trade for the batch's bulk write; returns its id, allocated in memory. Batch only. */
  insertTrade(t: Omit<TradeRow, 'id'>): number {
    const batch = this.inBatch('insertTrade');
    if (batch.nextTradeId === 0) batch.nextTradeId = this.maxTradeId() + 1;
    const id = batch.nextTradeId++;
    this.newTrades.add(
      id,
      t.symbol,
      t.priceTicks,
      t.lots,
      t.quoteUnits,
      t.takerSide,
      t.makerOrderId,
      t.takerOrderId,
      t.makerUserId,
      t.takerUserId,
      t.makerFeeUnits,
      t.takerFeeUnits,
      t.ts,
    );
    return id;
  }
}
