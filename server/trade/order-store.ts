import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { OrderSide, OrderType, SpotOrderStatus } from '../../domain';

/** A spot order row; integer columns that hold money are bigint. */
export interface OrderRow {
  id: number;
  userId: number;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  priceTicks: number | null;
  lots: number | null;
  budgetUnits: bigint | null;
  filledLots: number;
  filledQuoteUnits: bigint;
  feeUnits: bigint;
  frozenUnits: bigint;
  status: SpotOrderStatus;
  reason: string | null;
  clientOrderId: string | null;
  seq: number;
  createdAt: number;
  updatedAt: number;
}

/** A spot trade row. */
export interface TradeRow {
  id: number;
  symbol: string;
  priceTicks: number;
  lots: number;
  quoteUnits: bigint;
  takerSide: OrderSide;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  makerFeeUnits: bigint;
  takerFeeUnits: bigint;
  ts: number;
}

const num = (v: unknown): number => Number(v as bigint);
const numOrNull = (v: unknown): number | null => (v === null ? null : Number(v as bigint));

function toOrder(r: Record<string, unknown>): OrderRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: r.symbol as string,
    side: r.side as OrderSide,
    type: r.type as OrderType,
    priceTicks: numOrNull(r.price_ticks),
    lots: numOrNull(r.lots),
    budgetUnits: r.budget_units as bigint | null,
    filledLots: num(r.filled_lots),
    filledQuoteUnits: r.filled_quote_units as bigint,
    feeUnits: r.fee_units as bigint,
    frozenUnits: r.frozen_units as bigint,
    status: r.status as SpotOrderStatus,
    reason: r.reason as string | null,
    clientOrderId: r.client_order_id as string | null,
    seq: num(r.seq),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

function toTrade(r: Record<string, unknown>): TradeRow {
  return {
    id: num(r.id),
    symbol: r.symbol as string,
    priceTicks: num(r.price_ticks),
    lots: num(r.lots),
    quoteUnits: r.quote_units as bigint,
    takerSide: r.taker_side as OrderSide,
    makerOrderId: num(r.maker_order_id),
    takerOrderId: num(r.taker_order_id),
    makerUserId: num(r.maker_user_id),
    takerUserId: num(r.taker_user_id),
    makerFeeUnits: r.maker_fee_units as bigint,
    takerFeeUnits: r.taker_fee_units as bigint,
    ts: num(r.ts),
  };
}

/** Prepared statements over spot_orders and spot_trades. Synchronous, for use inside a batch. */
export class OrderStore {
  private readonly s: Record<string, Statement>;

  constructor(sqlite: SqliteDb) {
    const p = (text: string) => sqlite.prepare(text).safeIntegers(true);
    this.s = {
      insert: p(`insert into spot_orders (id, user_id, symbol, side, type, price_ticks, lots, budget_units,
                 frozen_units, status, client_order_id, seq, created_at, updated_at)
                 values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)`),
      maxId: p('select coalesce(max(id), 0) as m from spot_orders'),
      byId: p('select * from spot_orders where id = ?'),
      byClient: p('select * from spot_orders where user_id = ? and client_order_id = ?'),
      fill: p(`update spot_orders set filled_lots = filled_lots + ?, filled_quote_units = filled_quote_units + ?,
               fee_units = fee_units + ?, frozen_units = frozen_units - ?, updated_at = ? where id = ?`),
      finish: p(
        `update spot_orders set status = ?, reason = ?, frozen_units = 0, updated_at = ? where id = ?`,
      ),
      open: p(`select * from spot_orders where symbol = ? and status = 'open' order by seq`),
      maxSeq: p('select coalesce(max(seq), 0) as s from spot_orders where symbol = ?'),
      insertTrade:
        p(`insert into spot_trades (symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
                      taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
                      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      ordersOf: p(`select * from spot_orders where user_id = ? and (? is null or symbol = ?)
                   and (? = 'all' or (? = 'open' and status = 'open') or (? = 'history' and status != 'open'))
                   and id < ? order by id desc limit ?`),
      fillsOf: p(`select * from spot_trades where (maker_user_id = ? or taker_user_id = ?)
                  and (? is null or symbol = ?) and id < ? order by id desc limit ?`),
      recent: p('select * from spot_trades where symbol = ? order by id desc limit ?'),
      since: p('select * from spot_trades where symbol = ? and ts >= ? order by id'),
    };
  }

  /** Writes a new order (id chosen by the service) as it stands right after matching began. */
  insert(o: OrderRow): void {
    this.s.insert!.run(
      o.id,
      o.userId,
      o.symbol,
      o.side,
      o.type,
      o.priceTicks,
      o.lots,
      o.budgetUnits,
      o.frozenUnits,
      o.clientOrderId,
      o.seq,
      o.createdAt,
      o.updatedAt,
    );
  }

  /** The highest order id ever written (ids are allocated by the service, in memory). */
  maxId(): number {
    return num((this.s.maxId!.get() as { m: bigint }).m);
  }

  get(id: number): OrderRow | undefined {
    const r = this.s.byId!.get(id) as Record<string, unknown> | undefined;
    return r && toOrder(r);
  }

  byClientId(userId: number, clientOrderId: string): OrderRow | undefined {
    const r = this.s.byClient!.get(userId, clientOrderId) as Record<string, unknown> | undefined;
    return r && toOrder(r);
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
    this.s.fill!.run(lots, quoteUnits, feeUnits, spentUnits, at, id);
  }

  finish(id: number, status: 'filled' | 'cancelled', reason: string, at: number): void {
    this.s.finish!.run(status, reason, at, id);
  }

  openOrders(symbol: string): OrderRow[] {
    return (this.s.open!.all(symbol) as Record<string, unknown>[]).map(toOrder);
  }

  maxSeq(symbol: string): number {
    return num((this.s.maxSeq!.get(symbol) as { s: bigint }).s);
  }

  /** A user's orders, newest first, with ids below `before`. */
  ordersOf(
    userId: number,
    status: 'open' | 'history' | 'all',
    symbol: string | null,
    before: number,
    limit: number,
  ) {
    const rows = this.s.ordersOf!.all(userId, symbol, symbol, status, status, status, before, limit);
    return (rows as Record<string, unknown>[]).map(toOrder);
  }

  /** Trades a user took part in, newest first, with ids below `before`. */
  fillsOf(userId: number, symbol: string | null, before: number, limit: number): TradeRow[] {
    const rows = this.s.fillsOf!.all(userId, userId, symbol, symbol, before, limit);
    return (rows as Record<string, unknown>[]).map(toTrade);
  }

  /** The latest trades of a market, newest first. */
  recentTrades(symbol: string, limit: number): TradeRow[] {
    return (this.s.recent!.all(symbol, limit) as Record<string, unknown>[]).map(toTrade);
  }

  /** Trades of a market at or after `ts` (ms), oldest first. */
  tradesSince(symbol: string, ts: number): TradeRow[] {
    return (this.s.since!.all(symbol, ts) as Record<string, unknown>[]).map(toTrade);
  }

  insertTrade(t: Omit<TradeRow, 'id'>): number {
    const r = this.s.insertTrade!.run(
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
    return Number(r.lastInsertRowid);
  }
}
