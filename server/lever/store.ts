import type { LeverOrderType, LeverSide, LeverStatus, SettlementReceipt, SettlementRule } from '../../domain';
import { BulkRows, currentCommand, sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import { CursorWrites } from './cursor-writes';
import { RowWrites } from './row-writes';

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

const NAMES = COLS.map(([, c]) => c);
const UPDATED = NAMES.filter((c) => c !== 'id');
const rows = (r: Record<string, unknown>): LeverRow => fromDb(r);
const asNumber = (v: unknown): number => Number(v as bigint);

/**
 * The statements over the lever tables, named by what they do. Integers come back as bigint (the
 * money columns can pass 2^53 minor units); the row mappers narrow ids, ticks and times to number.
 */
const STATEMENTS = {
  byId: sql<[id: number], LeverRow>('select * from lever_orders where id = ?', rows),
  live: sql<[], LeverRow>(
    `select * from lever_orders where status in ('entrusting', 'trading') order by id`,
    rows,
  ),
  ofUser: sql<
    [userId: number, before: number, symbol: string | null, symbol2: string | null, limit: number],
    LeverRow
  >(
    `select * from lever_orders where user_id = ? and id < ? and (cast(? as text) is null or symbol = ?)
     order by id desc limit ?`,
    rows,
  ),
  ofUserWithStatus: sql<
    [
      userId: number,
      before: number,
      symbol: string | null,
      symbol2: string | null,
      status: LeverStatus,
      limit: number,
    ],
    LeverRow
  >(
    `select * from lever_orders where user_id = ? and id < ? and (cast(? as text) is null or symbol = ?)
     and status = ? order by id desc limit ?`,
    rows,
  ),
  cursor: sql<[symbol: string], number>('select trade_id from lever_cursor where symbol = ?', (r) =>
    asNumber(r.trade_id),
  ),
  // The cursor never moves back: the larger of the stored and the new trade id (a `case`, as the
  // two-argument `max` is SQLite's and `greatest` PostgreSQL's).
  setCursor: sql<[symbol: string, tradeId: number]>(
    `insert into lever_cursor (symbol, trade_id) values (?, ?)
     on conflict (symbol) do update set trade_id = case when excluded.trade_id > lever_cursor.trade_id
       then excluded.trade_id else lever_cursor.trade_id end`,
  ),
  overnightRun: sql<[day: string], number>('select at from lever_overnight_runs where day = ?', (r) =>
    asNumber(r.at),
  ),
  recordOvernight: sql<[day: string, at: number, positions: number, ranAt: number]>(
    'insert into lever_overnight_runs (day, at, positions, ran_at) values (?, ?, ?, ?)',
  ),
  maxId: sql<[], number>('select coalesce(max(id), 0) as m from lever_orders', (r) => asNumber(r.m)),
  lastOvernightDay: sql<[], string | null>(
    'select max(day) as d from lever_overnight_runs',
    (r) => r.d as string | null,
  ),
};

/**
 * Statements of the lever tables. Writes happen inside the engine's writer commands, with the ledger
 * posts of the same event: a command queues its order rows and receipts (`queueSave`,
 * `queueReceipt`), and the batch writes them with a few multi-row statements when it flushes
 * (`RowWrites`); the cursor likewise (`CursorWrites`).
 */
export class LeverStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;
  /** The order rows and receipts the running batch queued; written when it flushes. */
  private readonly rowWrites = new RowWrites<LeverRow>(
    // Portable upsert (one statement per up to 256 rows).
    new BulkRows(
      'lever_orders',
      NAMES,
      `on conflict (id) do update set ${UPDATED.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    ),
    new BulkRows('lever_receipts', ['order_id', 'rule', 'receipt', 'created_at']),
    toDb,
  );
  /** The cursors the running batch moved; written once per market when it flushes. */
  private readonly cursorWrites = new CursorWrites(STATEMENTS.setCursor);

  constructor(private readonly engine: Engine) {
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
    engine.writer.participate(this.rowWrites);
    engine.writer.participate(this.cursorWrites);
  }

  /** The next order id (ids are allocated by the single writer, so rows and memory agree). */
  async maxId(): Promise<number> {
    return (await this.q.maxId.get())!;
  }

  /**
   * An order row by id. Inside a command, as the running batch left it (its rows are written when
   * it flushes); outside, as committed.
   */
  get(id: number): Promise<LeverRow | undefined> {
    const queued = this.inCommand() ? this.rowWrites.queued(id) : undefined;
    return queued ? Promise.resolve({ ...queued }) : this.q.byId.get(id);
  }

  live(): Promise<LeverRow[]> {
    return this.q.live.all();
  }

  ofUser(
    userId: number,
    status: LeverStatus | null,
    symbol: string | null,
    before: number,
    limit: number,
  ): Promise<LeverRow[]> {
    return status
      ? this.q.ofUserWithStatus.all(userId, before, symbol, symbol, status, limit)
      : this.q.ofUser.all(userId, before, symbol, symbol, limit);
  }

  /**
   * Inside a command: queues the row's state as it is now (a copy), written when the batch flushes;
   * the last state queued for an id in the batch is the one written.
   */
  queueSave(row: LeverRow): void {
    this.mustBeInCommand();
    this.rowWrites.queue({ ...row });
  }

  /** Inside a command: queues a receipt, written after the batch's order rows. */
  queueReceipt(orderId: number, receipt: SettlementReceipt): void {
    this.mustBeInCommand();
    this.rowWrites.queueReceipt([orderId, receipt.rule, JSON.stringify(receipt), receipt.ts]);
  }

  /**
   * The id of the last spot trade applied to `symbol`'s orders, or null before any. Inside a command,
   * where the running batch moved it; outside, as committed.
   */
  async cursor(symbol: string): Promise<number | null> {
    const stored = (await this.q.cursor.get(symbol)) ?? null;
    const moved = this.inCommand() ? this.cursorWrites.movedTo(symbol) : undefined;
    return moved === undefined ? stored : Math.max(stored ?? 0, moved);
  }

  /** Inside a command: moves `symbol`'s cursor to `tradeId` (never back), written when the batch flushes. */
  setCursor(symbol: string, tradeId: number): Promise<void> {
    if (!this.inCommand()) return Promise.reject(new Error('the lever cursor moved outside a command'));
    this.cursorWrites.move(symbol, tradeId);
    return Promise.resolve();
  }

  private mustBeInCommand(): void {
    if (!this.inCommand()) throw new Error('lever rows queued outside a command');
  }

  private inCommand(): boolean {
    const ctx = currentCommand();
    return ctx?.writer === this.engine.writer && ctx.open;
  }

  /** Whether the fee day (`YYYY-MM-DD`, UTC) has been charged. */
  async overnightRan(day: string): Promise<boolean> {
    return (await this.q.overnightRun.get(day)) !== undefined;
  }

  /** The last charged fee day (`YYYY-MM-DD`, UTC), or null when none ran yet. */
  async lastOvernightDay(): Promise<string | null> {
    return (await this.q.lastOvernightDay.get()) ?? null;
  }

  /** Records the run of a fee day for the instant `at` (epoch ms); a second run of a day throws. */
  async recordOvernight(day: string, at: number, positions: number, ranAt: number): Promise<void> {
    await this.q.recordOvernight.run(day, at, positions, ranAt);
  }
}
