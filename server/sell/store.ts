import type { SellFill } from '../../domain/sell-types';
import { big, num, sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** A `sell_quotes` row. Money is bigint ledger units of the quote coin; times epoch ms. */
export interface QuoteRow {
  id: number;
  userId: number;
  symbol: string;
  coin: string;
  lots: number;
  qty: string;
  grossUnits: bigint;
  feeUnits: bigint;
  receivedUnits: bigint;
  avgPrice: string;
  worstTicks: number;
  worstPrice: string;
  createdAt: number;
  expiresAt: number;
  status: 'open' | 'used' | 'replaced';
}

/** A `sell_receipts` row joined with its quote's figures. */
export interface ReceiptRow {
  id: number;
  userId: number;
  quoteId: number;
  symbol: string;
  coin: string;
  lots: number;
  qty: string;
  slippage: string;
  floorTicks: number;
  floorPrice: string;
  orderId: number;
  grossUnits: bigint;
  feeUnits: bigint;
  receivedUnits: bigint;
  avgPrice: string;
  fills: SellFill[];
  ledgerTxId: number;
  createdAt: number;
  quote: { receivedUnits: bigint; avgPrice: string; worstPrice: string; expiresAt: number };
}

export type NewQuote = Omit<QuoteRow, 'id' | 'status'>;
export type NewReceipt = Omit<ReceiptRow, 'id' | 'quote'>;

function toQuote(r: Record<string, unknown>): QuoteRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: r.symbol as string,
    coin: r.coin as string,
    lots: num(r.lots),
    qty: r.qty as string,
    grossUnits: big(r.gross_units),
    feeUnits: big(r.fee_units),
    receivedUnits: big(r.received_units),
    avgPrice: r.avg_price as string,
    worstTicks: num(r.worst_ticks),
    worstPrice: r.worst_price as string,
    createdAt: num(r.created_at),
    expiresAt: num(r.expires_at),
    status: r.status as QuoteRow['status'],
  };
}

function toReceipt(r: Record<string, unknown>): ReceiptRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    quoteId: num(r.quote_id),
    symbol: r.symbol as string,
    coin: r.coin as string,
    lots: num(r.lots),
    qty: r.qty as string,
    slippage: r.slippage as string,
    floorTicks: num(r.floor_ticks),
    floorPrice: r.floor_price as string,
    orderId: num(r.order_id),
    grossUnits: big(r.gross_units),
    feeUnits: big(r.fee_units),
    receivedUnits: big(r.received_units),
    avgPrice: r.avg_price as string,
    fills: JSON.parse(r.fills as string) as SellFill[],
    ledgerTxId: num(r.ledger_tx_id),
    createdAt: num(r.created_at),
    quote: {
      receivedUnits: big(r.q_received_units),
      avgPrice: r.q_avg_price as string,
      worstPrice: r.q_worst_price as string,
      expiresAt: num(r.q_expires_at),
    },
  };
}

const RECEIPTS = `select s.*, q.received_units as q_received_units, q.avg_price as q_avg_price,
    q.worst_price as q_worst_price, q.expires_at as q_expires_at
  from sell_receipts s join sell_quotes q on q.id = s.quote_id`;

/** The statements over `sell_quotes` and `sell_receipts`, named by what they do. */
const STATEMENTS = {
  insertQuote: sql<
    [
      userId: number,
      symbol: string,
      coin: string,
      lots: number,
      qty: string,
      grossUnits: bigint,
      feeUnits: bigint,
      receivedUnits: bigint,
      avgPrice: string,
      worstTicks: number,
      worstPrice: string,
      createdAt: number,
      expiresAt: number,
    ],
    number
  >(
    `insert into sell_quotes (user_id, symbol, coin, lots, qty, gross_units, fee_units, received_units,
       avg_price, worst_ticks, worst_price, created_at, expires_at, status)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open') returning id`,
    (r) => num(r.id),
  ),
  // A user holds at most one open quote: a new one replaces the ones before it.
  replaceOpen: sql<[userId: number]>(
    `update sell_quotes set status = 'replaced' where user_id = ? and status = 'open'`,
  ),
  quoteById: sql<[id: number], QuoteRow>('select * from sell_quotes where id = ?', toQuote),
  useQuote: sql<[id: number]>(`update sell_quotes set status = 'used' where id = ? and status = 'open'`),
  insertReceipt: sql<
    [
      userId: number,
      quoteId: number,
      symbol: string,
      coin: string,
      lots: number,
      qty: string,
      slippage: string,
      floorTicks: number,
      floorPrice: string,
      orderId: number,
      grossUnits: bigint,
      feeUnits: bigint,
      receivedUnits: bigint,
      avgPrice: string,
      fills: string,
      ledgerTxId: number,
      createdAt: number,
    ],
    number
  >(
    `insert into sell_receipts (user_id, quote_id, symbol, coin, lots, qty, slippage, floor_ticks,
       floor_price, order_id, gross_units, fee_units, received_units, avg_price, fills, ledger_tx_id,
       created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    (r) => num(r.id),
  ),
  receiptById: sql<[id: number], ReceiptRow>(`${RECEIPTS} where s.id = ?`, toReceipt),
  receiptsOf: sql<[userId: number, before: number, limit: number], ReceiptRow>(
    `${RECEIPTS} where s.user_id = ? and s.id < ? order by s.id desc limit ?`,
    toReceipt,
  ),
};

/** Reads and writes of the quick-sell tables; writes run inside writer commands. */
export class SellStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  /** Replaces the user's open quotes with this one; returns its id. */
  async newQuote(q: NewQuote): Promise<number> {
    await this.q.replaceOpen.run(q.userId);
    return (await this.q.insertQuote.get(
      q.userId,
      q.symbol,
      q.coin,
      q.lots,
      q.qty,
      q.grossUnits,
      q.feeUnits,
      q.receivedUnits,
      q.avgPrice,
      q.worstTicks,
      q.worstPrice,
      q.createdAt,
      q.expiresAt,
    ))!;
  }

  quote(id: number): Promise<QuoteRow | undefined> {
    return this.q.quoteById.get(id);
  }

  /** Marks an open quote used and writes the receipt of its sell; returns the receipt's id. */
  async receipt(r: NewReceipt): Promise<number> {
    const used = await this.q.useQuote.run(r.quoteId);
    if (used.changes !== 1) throw new Error(`quote ${r.quoteId} was not open`);
    return (await this.q.insertReceipt.get(
      r.userId,
      r.quoteId,
      r.symbol,
      r.coin,
      r.lots,
      r.qty,
      r.slippage,
      r.floorTicks,
      r.floorPrice,
      r.orderId,
      r.grossUnits,
      r.feeUnits,
      r.receivedUnits,
      r.avgPrice,
      JSON.stringify(r.fills),
      r.ledgerTxId,
      r.createdAt,
    ))!;
  }

  receiptById(id: number): Promise<ReceiptRow | undefined> {
    return this.q.receiptById.get(id);
  }

  receiptsOf(userId: number, before: number, limit: number): Promise<ReceiptRow[]> {
    return this.q.receiptsOf.all(userId, before, limit);
  }
}
