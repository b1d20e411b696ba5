import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { OptionDirection, OptionResult } from '../../domain/second-rules';

/** A `second_options` row; money columns are bigint ledger units (1e-8). */
export interface OptionRow {
  id: number;
  userId: number;
  symbol: string;
  direction: OptionDirection;
  seconds: number;
  coin: string;
  stakeUnits: bigint;
  payoutRate: string;
  payoutUnits: bigint;
  entryTradeId: number;
  entryPrice: string;
  entryTs: number;
  acceptedAt: number;
  expiresAt: number;
  status: 'open' | 'settled';
  exitTradeId: number | null;
  exitPrice: string | null;
  exitTs: number | null;
  result: OptionResult | null;
  creditedUnits: bigint | null;
  settledAt: number | null;
  stakeTxId: number;
  settleTxId: number | null;
  /** The settlement receipt as stored (JSON of a SettlementReceipt). */
  receipt: string | null;
  clientOrderId: string | null;
}

/** What placing writes; the rest is filled by settlement. */
export type NewOption = Omit<
  OptionRow,
  | 'id'
  | 'status'
  | 'exitTradeId'
  | 'exitPrice'
  | 'exitTs'
  | 'result'
  | 'creditedUnits'
  | 'settledAt'
  | 'settleTxId'
  | 'receipt'
  | 'stakeTxId'
>;

/** What settlement writes. */
export interface Settlement {
  exitTradeId: number;
  exitPrice: string;
  exitTs: number;
  result: OptionResult;
  creditedUnits: bigint;
  settledAt: number;
  settleTxId: number | null;
  receipt: string;
}

/** A filter of a user's options, newest first. */
export interface ListFilter {
  status: 'open' | 'settled' | 'all';
  symbol: string | null;
  result: OptionResult | null;
  before: number;
  limit: number;
}

const num = (v: unknown): number => Number(v as bigint);
const numOrNull = (v: unknown): number | null => (v === null ? null : Number(v as bigint));

function toRow(r: Record<string, unknown>): OptionRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: r.symbol as string,
    direction: r.direction as OptionDirection,
    seconds: num(r.seconds),
    coin: r.coin as string,
    stakeUnits: r.stake_units as bigint,
    payoutRate: r.payout_rate as string,
    payoutUnits: r.payout_units as bigint,
    entryTradeId: num(r.entry_trade_id),
    entryPrice: r.entry_price as string,
    entryTs: num(r.entry_ts),
    acceptedAt: num(r.accepted_at),
    expiresAt: num(r.expires_at),
    status: r.status as OptionRow['status'],
    exitTradeId: numOrNull(r.exit_trade_id),
    exitPrice: r.exit_price as string | null,
    exitTs: numOrNull(r.exit_ts),
    result: r.result as OptionResult | null,
    creditedUnits: r.credited_units as bigint | null,
    settledAt: numOrNull(r.settled_at),
    stakeTxId: num(r.stake_tx_id),
    settleTxId: numOrNull(r.settle_tx_id),
    receipt: r.receipt as string | null,
    clientOrderId: r.client_order_id as string | null,
  };
}

/** Reads and writes of `second_options`; synchronous, for use inside the service's transactions. */
export class OptionStore {
  private readonly insertStmt: Statement;
  private readonly settleStmt: Statement;
  private readonly byIdStmt: Statement;
  private readonly byClientStmt: Statement;
  private readonly openStmt: Statement;
  private readonly listStmt: Statement;
  private readonly setStakeTx: Statement;

  constructor(sqlite: SqliteDb) {
    this.insertStmt = sqlite.prepare(
      `insert into second_options (user_id, symbol, direction, seconds, coin, stake_units, payout_rate,
         payout_units, entry_trade_id, entry_price, entry_ts, accepted_at, expires_at, status,
         stake_tx_id, client_order_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?)`,
    );
    // The one statement that writes a result, and only to an option still open: a second settlement
    // of the same option changes nothing (exactly once).
    this.settleStmt = sqlite.prepare(
      `update second_options set status = 'settled', exit_trade_id = ?, exit_price = ?, exit_ts = ?,
         result = ?, credited_units = ?, settled_at = ?, settle_tx_id = ?, receipt = ?
       where id = ? and status = 'open'`,
    );
    this.byIdStmt = sqlite.prepare('select * from second_options where id = ?').safeIntegers(true);
    this.byClientStmt = sqlite
      .prepare('select * from second_options where user_id = ? and client_order_id = ?')
      .safeIntegers(true);
    this.openStmt = sqlite
      .prepare(`select * from second_options where status = 'open' order by expires_at, id`)
      .safeIntegers(true);
    this.listStmt = sqlite
      .prepare(
        `select * from second_options where user_id = ? and id < ?
           and (? = 'all' or status = ?) and (? is null or symbol = ?) and (? is null or result = ?)
         order by id desc limit ?`,
      )
      .safeIntegers(true);
    this.setStakeTx = sqlite.prepare('update second_options set stake_tx_id = ? where id = ?');
  }

  /** Inserts an open option; returns its id. */
  insert(o: NewOption): number {
    const info = this.insertStmt.run(
      o.userId,
      o.symbol,
      o.direction,
      o.seconds,
      o.coin,
      o.stakeUnits,
      o.payoutRate,
      o.payoutUnits,
      o.entryTradeId,
      o.entryPrice,
      o.entryTs,
      o.acceptedAt,
      o.expiresAt,
      o.clientOrderId,
    );
    return Number(info.lastInsertRowid);
  }

  /** Records the ledger transaction that froze the stake. */
  stakeTx(id: number, txId: number): void {
    this.setStakeTx.run(txId, id);
  }

  /** Writes a settlement; false when the option was not open (already settled). */
  settle(id: number, s: Settlement): boolean {
    const info = this.settleStmt.run(
      s.exitTradeId,
      s.exitPrice,
      s.exitTs,
      s.result,
      s.creditedUnits,
      s.settledAt,
      s.settleTxId,
      s.receipt,
      id,
    );
    return info.changes === 1;
  }

  get(id: number): OptionRow | undefined {
    const r = this.byIdStmt.get(id) as Record<string, unknown> | undefined;
    return r && toRow(r);
  }

  byClientId(userId: number, clientOrderId: string): OptionRow | undefined {
    const r = this.byClientStmt.get(userId, clientOrderId) as Record<string, unknown> | undefined;
    return r && toRow(r);
  }

  /** Every open option, in expiry order (restart catch-up and the timer's queue). */
  open(): OptionRow[] {
    return (this.openStmt.all() as Record<string, unknown>[]).map(toRow);
  }

  list(userId: number, f: ListFilter): OptionRow[] {
    const rows = this.listStmt.all(
      userId,
      f.before,
      f.status,
      f.status,
      f.symbol,
      f.symbol,
      f.result,
      f.result,
      f.limit,
    ) as Record<string, unknown>[];
    return rows.map(toRow);
  }
}
