import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { LeverOrderType, LeverSide, LeverStatus, SettlementReceipt, SettlementRule } from '../../domain';

/** A lever order row; money columns are bigint ledger units, prices integer ticks. */
export interface LeverRow {
  id: number;
  userId: number;
  symbol: string;
  side: LeverSide;
  type: LeverOrderType;
  status: LeverStatus;
  multiple: number;
  hands: number;
  /** Contract lot at the time of the order, in base. */
  lot: string;
  coin: string;
  limitTicks: number | null;
  openTicks: number | null;
  openTradeId: number | null;
  /** Margin now: the frozen amount of an entrusting order, or the position's margin. */
  marginUnits: bigint;
  openFeeUnits: bigint;
  closeFeeUnits: bigint;
  overnightUnits: bigint;
  tpTicks: number | null;
  slTicks: number | null;
  liqTicks: number | null;
  closeTicks: number | null;
  closeTradeId: number | null;
  closeRule: SettlementRule | null;
  pnlUnits: bigint | null;
  receipt: SettlementReceipt | null;
  createdAt: number;
  openedAt: number | null;
  closedAt: number | null;
  updatedAt: number;
}

const COLS: Array<[keyof LeverRow, string]> = [
  ['id', 'id'],
  ['userId', 'user_id'],
  ['symbol', 'symbol'],
  ['side', 'side'],
  ['type', 'type'],
  ['status', 'status'],
  ['multiple', 'multiple'],
  ['hands', 'hands'],
  ['lot', 'lot'],
  ['coin', 'coin'],
  ['limitTicks', 'limit_ticks'],
  ['openTicks', 'open_ticks'],
  ['openTradeId', 'open_trade_id'],
  ['marginUnits', 'margin_units'],
  ['openFeeUnits', 'open_fee_units'],
  ['closeFeeUnits', 'close_fee_units'],
  ['overnightUnits', 'overnight_units'],
  ['tpTicks', 'tp_ticks'],
  ['slTicks', 'sl_ticks'],
  ['liqTicks', 'liq_ticks'],
  ['closeTicks', 'close_ticks'],
  ['closeTradeId', 'close_trade_id'],
  ['closeRule', 'close_rule'],
  ['pnlUnits', 'pnl_units'],
  ['receipt', 'receipt'],
  ['createdAt', 'created_at'],
  ['openedAt', 'opened_at'],
  ['closedAt', 'closed_at'],
  ['updatedAt', 'updated_at'],
];
const BIG = new Set<keyof LeverRow>([
  'marginUnits',
  'openFeeUnits',
  'closeFeeUnits',
  'overnightUnits',
  'pnlUnits',
]);
const TEXT = new Set<keyof LeverRow>(['symbol', 'side', 'type', 'status', 'lot', 'coin', 'closeRule']);

function fromDb(r: Record<string, unknown>): LeverRow {
  const out: Record<string, unknown> = {};
  for (const [k, c] of COLS) {
    const v = r[c];
    if (k === 'receipt') out[k] = v === null ? null : (JSON.parse(v as string) as SettlementReceipt);
    else if (v === null || TEXT.has(k)) out[k] = v;
    else out[k] = BIG.has(k) ? BigInt(v as bigint) : Number(v as bigint);
  }
  return out as unknown as LeverRow;
}

function toDb(row: LeverRow): unknown[] {
  return COLS.map(([k]) => {
    const v = row[k];
    if (k === 'receipt') return v === null ? null : JSON.stringify(v);
    return v;
  });
}

/** Statements of the lever tables (synchronous: callers wrap them in one transaction with the ledger). */
export class LeverStore {
  private readonly upsert: Statement;
  private readonly selectById: Statement;
  private readonly selectLive: Statement;
  private readonly selectUser: Statement;
  private readonly selectUserStatus: Statement;
  private readonly insertReceipt: Statement;
  private readonly selectCursor: Statement;
  private readonly upsertCursor: Statement;
  private readonly selectRun: Statement;
  private readonly insertRun: Statement;
  private readonly selectMaxId: Statement;
  private readonly selectLastRun: Statement;

  constructor(sqlite: SqliteDb) {
    const names = COLS.map(([, c]) => c);
    this.upsert = sqlite.prepare(
      `insert or replace into lever_orders (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
    );
    this.selectById = sqlite.prepare('select * from lever_orders where id = ?').safeIntegers(true);
    this.selectLive = sqlite
      .prepare(`select * from lever_orders where status in ('entrusting', 'trading') order by id`)
      .safeIntegers(true);
    this.selectUser = sqlite
      .prepare(
        `select * from lever_orders where user_id = ? and id < ? and (? is null or symbol = ?)
         order by id desc limit ?`,
      )
      .safeIntegers(true);
    this.selectUserStatus = sqlite
      .prepare(
        `select * from lever_orders where user_id = ? and id < ? and (? is null or symbol = ?)
         and status = ? order by id desc limit ?`,
      )
      .safeIntegers(true);
    this.insertReceipt = sqlite.prepare(
      'insert into lever_receipts (order_id, rule, receipt, created_at) values (?, ?, ?, ?)',
    );
    this.selectCursor = sqlite.prepare('select trade_id from lever_cursor where symbol = ?').pluck();
    this.upsertCursor = sqlite.prepare(
      `insert into lever_cursor (symbol, trade_id) values (?, ?)
       on conflict (symbol) do update set trade_id = max(trade_id, excluded.trade_id)`,
    );
    this.selectRun = sqlite.prepare('select at from lever_overnight_runs where day = ?').pluck();
    this.insertRun = sqlite.prepare(
      'insert into lever_overnight_runs (day, at, positions, ran_at) values (?, ?, ?, ?)',
    );
    this.selectMaxId = sqlite.prepare('select coalesce(max(id), 0) from lever_orders').pluck();
    this.selectLastRun = sqlite.prepare('select max(day) from lever_overnight_runs').pluck();
  }

  /** The next order id (ids are allocated by the single writer, so rows and memory agree). */
  maxId(): number {
    return Number(this.selectMaxId.get());
  }

  save(row: LeverRow): void {
    this.upsert.run(...toDb(row));
  }

  get(id: number): LeverRow | undefined {
    const r = this.selectById.get(id) as Record<string, unknown> | undefined;
    return r && fromDb(r);
  }

  live(): LeverRow[] {
    return (this.selectLive.all() as Record<string, unknown>[]).map(fromDb);
  }

  ofUser(userId: number, status: LeverStatus | null, symbol: string | null, before: number, limit: number) {
    const rows = status
      ? this.selectUserStatus.all(userId, before, symbol, symbol, status, limit)
      : this.selectUser.all(userId, before, symbol, symbol, limit);
    return (rows as Record<string, unknown>[]).map(fromDb);
  }

  addReceipt(orderId: number, receipt: SettlementReceipt): void {
    this.insertReceipt.run(orderId, receipt.rule, JSON.stringify(receipt), receipt.ts);
  }

  cursor(symbol: string): number | null {
    const v = this.selectCursor.get(symbol) as number | bigint | undefined;
    return v === undefined ? null : Number(v);
  }

  setCursor(symbol: string, tradeId: number): void {
    this.upsertCursor.run(symbol, tradeId);
  }

  /** Whether the fee day (`YYYY-MM-DD`, UTC) has been charged. */
  overnightRan(day: string): boolean {
    return this.selectRun.get(day) !== undefined;
  }

  /** The last charged fee day (`YYYY-MM-DD`, UTC), or null when none ran yet. */
  lastOvernightDay(): string | null {
    return (this.selectLastRun.get() as string | null) ?? null;
  }

  /** Records the run of a fee day for the instant `at` (epoch ms); a second run of a day throws. */
  recordOvernight(day: string, at: number, positions: number, ranAt: number): void {
    this.insertRun.run(day, at, positions, ranAt);
  }
}
