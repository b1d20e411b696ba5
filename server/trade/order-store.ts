import {
  BulkRows,
  statementsByKey,
  statementsOf,
  type AsyncPreparedSet,
  type BatchParticipant,
  type Engine,
} from '../db';
import { readInLists } from '../shared/id-lists';
import {
  byClientIds,
  ORDER_COLUMNS,
  STATEMENTS,
  TRADE_COLUMNS,
  type OrderRow,
  type TradeRow,
} from './order-rows';

export type { OrderRow, TradeRow } from './order-rows';

/** What a fill or an ending may change in an order row; the rest is written once, when it is new. */
const ORDER_UPSERT = `on conflict (id) do update set filled_lots = excluded.filled_lots,
  filled_quote_units = excluded.filled_quote_units, fee_units = excluded.fee_units,
  frozen_units = excluded.frozen_units, status = excluded.status, reason = excluded.reason,
  updated_at = excluded.updated_at`;

const clientKey = (userId: number, clientOrderId: string) => `${userId}|${clientOrderId}`;

/**
 * The store of spot_orders and spot_trades, as the one writer keeps them. Every open order's row is
 * held in memory (the engines hold the same orders; only the writer changes them), so a fill of any
 * resting order needs no read. Rows a batch creates or changes, and its trades, are written when the
 * writer flushes the batch: orders with one multi-row upsert, trades with multi-row inserts. A batch
 * that fails as a whole leaves the memory ahead of the database: the store is then `stale` and the
 * order service reloads it before its next batch.
 */
export class OrderStore implements BatchParticipant {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;
  private readonly byClientIds;
  private readonly orderRows = new BulkRows('spot_orders', ORDER_COLUMNS, ORDER_UPSERT);
  private readonly tradeRows = new BulkRows('spot_trades', TRADE_COLUMNS);
  private readonly open = new Map<number, OrderRow>();
  /** `userId|clientOrderId` of the open orders and of every order created in the running batch. */
  private readonly clientIds = new Map<string, number>();
  /** Rows created or changed by the running batch, written at its flush. */
  private readonly touched = new Map<number, OrderRow>();
  /**
   * Client ids the running batch read ahead (`loadClientIds`): the committed order of each, or null
   * when none has it. Dropped when the batch ends.
   */
  private readonly readAhead = new Map<string, OrderRow | null>();
  private nextTradeId = 1;
  /** Memory is ahead of the database after a failed batch; `reload` before using it again. */
  stale = false;

  constructor(engine: Engine) {
    // Money columns can pass 2^53 minor units: integers come back as bigint, the mappers narrow ids.
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
    this.byClientIds = statementsByKey(engine, byClientIds, { bigints: true });
    engine.writer.participate(this);
  }

  /** Reads the open orders of `symbols` and the next trade id: at start, and after a failed batch. */
  async reload(symbols: readonly string[]): Promise<void> {
    this.open.clear();
    this.clientIds.clear();
    this.touched.clear();
    this.orderRows.clear();
    this.tradeRows.clear();
    for (const symbol of symbols) {
      for (const row of await this.q.open.all(symbol)) this.keepOpen(row);
    }
    this.nextTradeId = (await this.q.maxTradeId.get())! + 1;
    this.stale = false;
  }

  private keepOpen(row: OrderRow): void {
    this.open.set(row.id, row);
    if (row.clientOrderId !== null) this.clientIds.set(clientKey(row.userId, row.clientOrderId), row.id);
  }

  /** The open orders of a market, in time priority (the engine's restore order). */
  openOrders(symbol: string): OrderRow[] {
    return [...this.open.values()].filter((o) => o.symbol === symbol).sort((a, b) => a.seq - b.seq);
  }

  /** The highest order id ever written (ids are allocated by the service, in memory). */
  async maxId(): Promise<number> {
    return (await this.q.maxId.get())!;
  }

  async maxSeq(symbol: string): Promise<number> {
    return (await this.q.maxSeq.get(symbol))!;
  }

  /**
   * An order the writer holds: open, or created or changed by the running batch. This is the store's
   * own row, which later commands may change: copy it before handing it out.
   */
  held(id: number): OrderRow | undefined {
    return this.open.get(id) ?? this.touched.get(id);
  }

  /** An order as it stands for the running command: held, else as committed. */
  async get(id: number): Promise<OrderRow | undefined> {
    return this.held(id) ?? (await this.q.byId.get(id));
  }

  /** An order as committed, without what the writer holds (a cancel's refusal, read after its batch). */
  stored(id: number): Promise<OrderRow | undefined> {
    return this.q.byId.get(id);
  }

  async byClientId(userId: number, clientOrderId: string): Promise<OrderRow | undefined> {
    const key = clientKey(userId, clientOrderId);
    const id = this.clientIds.get(key);
    if (id !== undefined) return this.held(id);
    const ahead = this.readAhead.get(key);
    if (ahead !== undefined) return ahead ?? undefined;
    return this.q.byClient.get(userId, clientOrderId);
  }

  /**
   * Reads the committed orders of a batch's client ids in a few statements before its commands run,
   * so that no command waits on a read of its own (on PostgreSQL a round trip per order with a client
   * id, which the app always sends). Only inside the batch's writer command: what it reads cannot
   * change before the commands use it, as only the writer writes.
   */
  async loadClientIds(wanted: ReadonlyArray<{ userId: number; clientOrderId: string }>): Promise<void> {
    const pairs: Array<number | string> = [];
    for (const { userId, clientOrderId } of wanted) {
      const key = clientKey(userId, clientOrderId);
      if (this.clientIds.has(key) || this.readAhead.has(key)) continue;
      this.readAhead.set(key, null);
      pairs.push(userId, clientOrderId);
    }
    // 64 pairs a statement at most: SQLite planned the join of 256 as a scan of the orders.
    const rows = await readInLists(pairs, 2, (size, slice) => this.byClientIds(size).all(...slice), 64);
    for (const row of rows) this.readAhead.set(clientKey(row.userId, row.clientOrderId!), row);
  }

  /** Records a new order (id chosen by the service); written at the batch's flush. */
  insert(o: OrderRow): void {
    this.touched.set(o.id, o);
    if (o.status === 'open') this.keepOpen(o);
    else if (o.clientOrderId !== null) this.clientIds.set(clientKey(o.userId, o.clientOrderId), o.id);
  }

  /** Adds one fill to an order the writer holds; `spentUnits` leaves its frozen amount. */
  addFill(
    id: number,
    lots: number,
    quoteUnits: bigint,
    feeUnits: bigint,
    spentUnits: bigint,
    at: number,
  ): void {
    const row = this.held(id);
    if (!row) throw new Error(`fill of unknown order ${id}`);
    if (row.frozenUnits < spentUnits) throw new Error(`order ${id} spends more than it froze`);
    row.filledLots += lots;
    row.filledQuoteUnits += quoteUnits;
    row.feeUnits += feeUnits;
    row.frozenUnits -= spentUnits;
    row.updatedAt = at;
    this.touched.set(id, row);
  }

  finish(id: number, status: 'filled' | 'cancelled', reason: string, at: number): void {
    const row = this.held(id);
    if (!row) throw new Error(`finish of unknown order ${id}`);
    row.status = status;
    row.reason = reason;
    row.frozenUnits = 0n;
    row.updatedAt = at;
    this.touched.set(id, row);
    this.open.delete(id);
  }

  /** Queues a trade for the batch's flush; returns its id, allocated here. */
  insertTrade(t: Omit<TradeRow, 'id'>): number {
    const id = this.nextTradeId++;
    this.tradeRows.add(
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

  /** A user's orders, newest first, with ids below `before` (committed). */
  ordersOf(
    userId: number,
    status: 'open' | 'history' | 'all',
    symbol: string | null,
    before: number,
    limit: number,
  ) {
    return this.q.ordersOf.all(userId, symbol, symbol, status, status, status, before, limit);
  }

  /** Trades a user took part in, newest first, with ids below `before` (committed). */
  fillsOf(userId: number, symbol: string | null, before: number, limit: number): Promise<TradeRow[]> {
    return this.q.fillsOf.all(userId, userId, symbol, symbol, before, limit);
  }

  /** The latest trades of a market, newest first (committed). */
  recentTrades(symbol: string, limit: number): Promise<TradeRow[]> {
    return this.q.recent.all(symbol, limit);
  }

  /** Trades of a market at or after `ts` (ms), oldest first (committed). */
  tradesSince(symbol: string, ts: number): Promise<TradeRow[]> {
    return this.q.since.all(symbol, ts);
  }

  // The spot batch runs without savepoints (every refusal comes before its first change), so no
  // savepoint of another area's command ever has spot changes to undo: a mark is the size of what
  // the batch holds, and a rollback to it finds nothing added since.
  mark(): unknown {
    return this.touched.size + this.tradeRows.size;
  }

  rollbackTo(mark: unknown): void {
    if (this.touched.size + this.tradeRows.size !== mark) {
      throw new Error('spot orders changed inside a savepoint; they change only in commands without one');
    }
  }

  async flush(conn: Parameters<NonNullable<BatchParticipant['flush']>>[0]): Promise<void> {
    // Orders before their trades, in id order within the batch.
    for (const o of [...this.touched.values()].sort((a, b) => a.id - b.id)) {
      this.orderRows.add(
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
    }
    await this.orderRows.flush(conn);
    await this.tradeRows.flush(conn);
  }

  committed(): void {
    this.readAhead.clear();
    for (const [id, o] of this.touched) {
      if (o.status !== 'open' && o.clientOrderId !== null) {
        const key = clientKey(o.userId, o.clientOrderId);
        if (this.clientIds.get(key) === id) this.clientIds.delete(key);
      }
    }
    this.touched.clear();
  }

  aborted(): void {
    this.stale = true;
    this.readAhead.clear();
    this.touched.clear();
    this.orderRows.clear();
    this.tradeRows.clear();
  }
}
