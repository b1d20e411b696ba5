import type { OptionDirection, OptionResult } from '../../domain/second-rules';
import {
  big,
  BulkRows,
  currentCommand,
  num,
  numOrNull,
  sql,
  statementsOf,
  type AsyncPreparedSet,
  type Engine,
} from '../db';

/**
 * An option as the API sees it: its `second_options` row joined with its `second_settlements` row,
 * if any. Money columns are bigint ledger units (1e-8); times are epoch ms.
 */
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
  /** Settled exactly when a settlement row exists. */
  status: 'open' | 'settled';
  exitTradeId: number | null;
  exitPrice: string | null;
  exitTs: number | null;
  result: OptionResult | null;
  creditedUnits: bigint | null;
  settledAt: number | null;
  stakeTxId: number;
  /** The ledger transaction that settled the option, shared by the options of its expiry instant and result. */
  settleTxId: number | null;
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
  | 'stakeTxId'
>;

/** What settlement writes: one `second_settlements` row. */
export interface Settlement {
  exitTradeId: number;
  exitPrice: string;
  exitTs: number;
  result: OptionResult;
  creditedUnits: bigint;
  settledAt: number;
  settleTxId: number;
}

/** A filter of a user's options, newest first. */
export interface ListFilter {
  status: 'open' | 'settled' | 'all';
  symbol: string | null;
  result: OptionResult | null;
  before: number;
  limit: number;
}

/** An option joined with its settlement, if any; `status` follows from the join. */
const JOINED = `select o.*, s.exit_trade_id, s.exit_price, s.exit_ts, s.result, s.credited_units,
    s.settled_at, s.settle_tx_id, case when s.option_id is null then 'open' else 'settled' end as status
  from second_options o left join second_settlements s on s.option_id = o.id`;

function toRow(r: Record<string, unknown>): OptionRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: r.symbol as string,
    direction: r.direction as OptionDirection,
    seconds: num(r.seconds),
    coin: r.coin as string,
    stakeUnits: big(r.stake_units),
    payoutRate: r.payout_rate as string,
    payoutUnits: big(r.payout_units),
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
    creditedUnits: r.credited_units === null ? null : big(r.credited_units),
    settledAt: numOrNull(r.settled_at),
    stakeTxId: num(r.stake_tx_id),
    settleTxId: numOrNull(r.settle_tx_id),
    clientOrderId: r.client_order_id as string | null,
  };
}

/**
 * The statements over `second_options` and `second_settlements`, named by what they do. Integers
 * come back as bigint (stakes and payouts are money); the row mapper narrows ids and times.
 */
const STATEMENTS = {
  insert: sql<
    [
      id: number,
      userId: number,
      symbol: string,
      direction: OptionDirection,
      seconds: number,
      coin: string,
      stakeUnits: bigint,
      payoutRate: string,
      payoutUnits: bigint,
      entryTradeId: number,
      entryPrice: string,
      entryTs: number,
      acceptedAt: number,
      expiresAt: number,
      stakeTxId: number,
      clientOrderId: string | null,
    ]
  >(
    `insert into second_options (id, user_id, symbol, direction, seconds, coin, stake_units, payout_rate,
       payout_units, entry_trade_id, entry_price, entry_ts, accepted_at, expires_at, stake_tx_id,
       client_order_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  maxId: sql<[], number>('select coalesce(max(id), 0) as m from second_options', (r) => num(r.m)),
  byId: sql<[id: number], OptionRow>(`${JOINED} where o.id = ?`, toRow),
  byClient: sql<[userId: number, clientOrderId: string], OptionRow>(
    `${JOINED} where o.user_id = ? and o.client_order_id = ?`,
    toRow,
  ),
  // Read once at start: every option without a settlement, in expiry order.
  open: sql<[], OptionRow>(`${JOINED} where s.option_id is null order by o.expires_at, o.id`, toRow),
  list: sql<
    [
      userId: number,
      before: number,
      status: ListFilter['status'],
      status2: ListFilter['status'],
      symbol: string | null,
      symbol2: string | null,
      result: OptionResult | null,
      result2: OptionResult | null,
      limit: number,
    ],
    OptionRow
  >(
    `${JOINED} where o.user_id = ? and o.id < ?
       and (? = 'all' or (s.option_id is null) = (? = 'open'))
       and (cast(? as text) is null or o.symbol = ?) and (cast(? as text) is null or s.result = ?)
     order by o.id desc limit ?`,
    toRow,
  ),
};

/**
 * Reads and writes of `second_options` and `second_settlements`; every method returns a promise, and
 * the writes run inside the service's writer commands. Settlements are queued with `addSettlement`
 * and written by `flushSettlements` with multi-row INSERTs, at the end of the settling command.
 */
export class OptionStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;
  // The one table that holds results, written only here. Its primary key is the option id: a second
  // settlement of one option fails the whole settling command (exactly once).
  private readonly settlements = new BulkRows('second_settlements', [
    'option_id',
    'exit_trade_id',
    'exit_price',
    'exit_ts',
    'result',
    'credited_units',
    'settled_at',
    'settle_tx_id',
    'rule',
  ]);

  constructor(private readonly engine: Engine) {
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  /**
   * Inserts an open option under the id the service chose, with the ledger transaction that froze
   * its stake; returns the row as a read would.
   */
  async insert(id: number, o: NewOption, stakeTxId: number): Promise<OptionRow> {
    await this.q.insert.run(
      id,
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
      stakeTxId,
      o.clientOrderId,
    );
    return {
      ...o,
      id,
      stakeTxId,
      status: 'open',
      exitTradeId: null,
      exitPrice: null,
      exitTs: null,
      result: null,
      creditedUnits: null,
      settledAt: null,
      settleTxId: null,
    };
  }

  /** The highest option id written (0 for none): the service's next id follows it. */
  async maxId(): Promise<number> {
    return (await this.q.maxId.get())!;
  }

  /** Queues the settlement of option `id` by the expiry rule; written by `flushSettlements`. */
  addSettlement(id: number, s: Settlement): void {
    this.settlements.add(
      id,
      s.exitTradeId,
      s.exitPrice,
      s.exitTs,
      s.result,
      s.creditedUnits,
      s.settledAt,
      s.settleTxId,
      'expiry',
    );
  }

  /**
   * Writes the queued settlements inside the running writer command; throws (and the command is
   * undone) if one was already settled. The queue is empty afterwards either way.
   */
  async flushSettlements(): Promise<void> {
    try {
      const ctx = currentCommand();
      if (ctx?.writer !== this.engine.writer || !ctx.open)
        throw new Error('settlements written outside a command');
      await this.settlements.flush(ctx.conn);
    } finally {
      this.settlements.clear();
    }
  }

  /** Drops the queued settlements (the settling command failed). */
  clearSettlements(): void {
    this.settlements.clear();
  }

  get(id: number): Promise<OptionRow | undefined> {
    return this.q.byId.get(id);
  }

  byClientId(userId: number, clientOrderId: string): Promise<OptionRow | undefined> {
    return this.q.byClient.get(userId, clientOrderId);
  }

  /** Every open option, in expiry order (start and restart: the timer's queue). */
  open(): Promise<OptionRow[]> {
    return this.q.open.all();
  }

  list(userId: number, f: ListFilter): Promise<OptionRow[]> {
    return this.q.list.all(
      userId,
      f.before,
      f.status,
      f.status,
      f.symbol,
      f.symbol,
      f.result,
      f.result,
      f.limit,
    );
  }
}
