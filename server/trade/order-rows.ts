import type { OrderSide, OrderType, SpotOrderStatus } from '../../domain';
import { big, bigOrNull, num, numOrNull, sql } from '../db';

// The spot order store's rows and SQL (order-store.ts keeps the batching around them).

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

function toOrder(r: Record<string, unknown>): OrderRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: r.symbol as string,
    side: r.side as OrderSide,
    type: r.type as OrderType,
    priceTicks: numOrNull(r.price_ticks),
    lots: numOrNull(r.lots),
    budgetUnits: bigOrNull(r.budget_units),
    filledLots: num(r.filled_lots),
    filledQuoteUnits: big(r.filled_quote_units),
    feeUnits: big(r.fee_units),
    frozenUnits: big(r.frozen_units),
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
    quoteUnits: big(r.quote_units),
    takerSide: r.taker_side as OrderSide,
    makerOrderId: num(r.maker_order_id),
    takerOrderId: num(r.taker_order_id),
    makerUserId: num(r.maker_user_id),
    takerUserId: num(r.taker_user_id),
    makerFeeUnits: big(r.maker_fee_units),
    takerFeeUnits: big(r.taker_fee_units),
    ts: num(r.ts),
  };
}

export const ORDER_COLUMNS = [
  'id',
  'user_id',
  'symbol',
  'side',
  'type',
  'price_ticks',
  'lots',
  'budget_units',
  'filled_lots',
  'filled_quote_units',
  'fee_units',
  'frozen_units',
  'status',
  'reason',
  'client_order_id',
  'seq',
  'created_at',
  'updated_at',
] as const;

export const TRADE_COLUMNS = [
  'id',
  'symbol',
  'price_ticks',
  'lots',
  'quote_units',
  'taker_side',
  'maker_order_id',
  'taker_order_id',
  'maker_user_id',
  'taker_user_id',
  'maker_fee_units',
  'taker_fee_units',
  'ts',
] as const;

type Status = 'open' | 'history' | 'all';
const maxOf = (r: Record<string, unknown>): number => num(r.m);

/**
 * The orders of `pairs` (user id, client order id) pairs, given as that many pairs' values in turn:
 * a join of the pairs with the (user, client id) index, one lookup per pair on either engine. An
 * `or` of the pairs, or two `in` lists, made PostgreSQL scan the table (14 ms for 64 pairs, and
 * growing with it); the casts type the values' columns the same way on both engines.
 */
export function byClientIds(pairs: number) {
  const values = Array(pairs).fill('(cast(? as bigint), cast(? as text))').join(', ');
  return sql<Array<number | string>, OrderRow>(
    `select o.* from (values ${values}) as k
       join spot_orders o on o.user_id = k.column1 and o.client_order_id = k.column2
     where o.client_order_id is not null`,
    toOrder,
  );
}

/** The statements over spot_orders and spot_trades, named by what they do. */
export const STATEMENTS = {
  maxId: sql<[], number>('select coalesce(max(id), 0) as m from spot_orders', maxOf),
  byId: sql<[id: number], OrderRow>('select * from spot_orders where id = ?', toOrder),
  byClient: sql<[userId: number, clientOrderId: string], OrderRow>(
    'select * from spot_orders where user_id = ? and client_order_id = ?',
    toOrder,
  ),
  save: sql<
    [
      filledLots: number,
      filledQuoteUnits: bigint,
      feeUnits: bigint,
      frozenUnits: bigint,
      status: SpotOrderStatus,
      reason: string | null,
      updatedAt: number,
      id: number,
    ]
  >(`update spot_orders set filled_lots = ?, filled_quote_units = ?, fee_units = ?, frozen_units = ?,
     status = ?, reason = ?, updated_at = ? where id = ?`),
  maxTradeId: sql<[], number>('select coalesce(max(id), 0) as m from spot_trades', maxOf),
  open: sql<[symbol: string], OrderRow>(
    `select * from spot_orders where symbol = ? and status = 'open' order by seq`,
    toOrder,
  ),
  maxSeq: sql<[symbol: string], number>(
    'select coalesce(max(seq), 0) as m from spot_orders where symbol = ?',
    maxOf,
  ),
  ordersOf: sql<
    [
      userId: number,
      symbol: string | null,
      symbol2: string | null,
      status: Status,
      status2: Status,
      status3: Status,
      before: number,
      limit: number,
    ],
    OrderRow
  >(
    `select * from spot_orders where user_id = ? and (cast(? as text) is null or symbol = ?)
     and (? = 'all' or (? = 'open' and status = 'open') or (? = 'history' and status != 'open'))
     and id < ? order by id desc limit ?`,
    toOrder,
  ),
  fillsOf: sql<
    [
      userId: number,
      userId2: number,
      symbol: string | null,
      symbol2: string | null,
      before: number,
      limit: number,
    ],
    TradeRow
  >(
    `select * from spot_trades where (maker_user_id = ? or taker_user_id = ?)
     and (cast(? as text) is null or symbol = ?) and id < ? order by id desc limit ?`,
    toTrade,
  ),
  recent: sql<[symbol: string, limit: number], TradeRow>(
    'select * from spot_trades where symbol = ? order by id desc limit ?',
    toTrade,
  ),
  since: sql<[symbol: string, ts: number], TradeRow>(
    'select * from spot_trades where symbol = ? and ts >= ? order by id',
    toTrade,
  ),
};
