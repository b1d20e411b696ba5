import { sql } from 'kysely';
import { CANDLE_INTERVALS, type Candle, type CandleInterval } from '../../../domain';
import { sql as statement, statementsOf, type AsyncPreparedSet, type Engine, type Migration } from '../../db';
import type { CandleBook } from './candles';

/** One candle to persist, with its market and interval. */
export interface CandleRow {
  symbol: string;
  interval: CandleInterval;
  candle: Candle;
}

/**
 * Durable candle history. Implementations upsert by (symbol, interval, open time): the open candle is
 * saved again on every change, and the last save wins.
 */
export interface CandleStore {
  /** Inserts or replaces one candle. */
  save(symbol: string, interval: CandleInterval, candle: Candle): Promise<void>;
  /** Inserts or replaces many candles atomically (one writer command). */
  saveMany(rows: readonly CandleRow[]): Promise<void>;
  /**
   * Up to `limit` of the newest candles opening before `before` (ms, exclusive; all when undefined),
   * oldest first.
   */
  list(
    symbol: string,
    interval: CandleInterval,
    before: number | undefined,
    limit: number,
  ): Promise<Candle[]>;
}

/**
 * The `candles` table. Prices and volumes are stored as the canonical strings that went out on the
 * wire, so the stored history stays true even if an operator later changes the pair's tick or lot size
 * (integer ticks would silently change meaning). `t` is the open time in ms since the epoch.
 */
export const CANDLES_DDL: readonly string[] = [
  `create table candles (
     symbol text not null,
     interval text not null check (interval in (${CANDLE_INTERVALS.map((i) => `'${i}'`).join(', ')})),
     t integer not null,
     o text not null,
     h text not null,
     l text not null,
     c text not null,
     v text not null,
     qv text not null,
     primary key (symbol, interval, t)
   ) without rowid`,
];

/**
 * Migration that creates the candles table. Append it to server/db/migrations/index.ts.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const candlesMigration: Migration = {
  name: '004-candles',
  legacy: true,
  async up(db) {
    for (const stmt of CANDLES_DDL) await sql.raw(stmt).execute(db);
  },
};

interface CandleDbRow {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  qv: string;
}

const CANDLE_COLUMNS = 'select t, o, h, l, c, v, qv from candles';

// `t` is read with Number(): SQLite gives a number, PostgreSQL's bigint column a string.
const toCandleRow = (r: Record<string, unknown>): CandleDbRow => ({
  ...(r as unknown as CandleDbRow),
  t: Number(r.t),
});

/** The statements over `candles`, named by what they do. */
const STATEMENTS = {
  upsert: statement<
    [
      symbol: string,
      interval: string,
      t: number,
      o: string,
      h: string,
      l: string,
      c: string,
      v: string,
      qv: string,
    ]
  >(
    `insert into candles (symbol, interval, t, o, h, l, c, v, qv) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (symbol, interval, t) do update set
       o = excluded.o, h = excluded.h, l = excluded.l, c = excluded.c, v = excluded.v, qv = excluded.qv`,
  ),
  newest: statement<[symbol: string, interval: string, limit: number], CandleDbRow>(
    `${CANDLE_COLUMNS} where symbol = ? and interval = ? order by t desc limit ?`,
    toCandleRow,
  ),
  newestBefore: statement<[symbol: string, interval: string, before: number, limit: number], CandleDbRow>(
    `${CANDLE_COLUMNS} where symbol = ? and interval = ? and t < ? order by t desc limit ?`,
    toCandleRow,
  ),
};

/** CandleStore on the database: saves are writer commands, lists read committed candles. */
export class DbCandleStore implements CandleStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  /** `engine`'s database must already have the `candles` table (migration `004-candles`). */
  constructor(private readonly engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  save(symbol: string, interval: CandleInterval, candle: Candle): Promise<void> {
    return this.saveMany([{ symbol, interval, candle }]);
  }

  async saveMany(rows: readonly CandleRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.engine.writer.run(async () => {
      for (const { symbol, interval, candle } of rows) {
        const { t, o, h, l, c, v, qv } = candle;
        await this.#q.upsert.run(symbol, interval, t, o, h, l, c, v, qv);
      }
    });
  }

  async list(
    symbol: string,
    interval: CandleInterval,
    before: number | undefined,
    limit: number,
  ): Promise<Candle[]> {
    const n = Math.max(0, Math.floor(limit));
    if (n === 0) return [];
    const rows =
      before === undefined
        ? await this.#q.newest.all(symbol, interval, n)
        : await this.#q.newestBefore.all(symbol, interval, before, n);
    return rows.reverse().map((r) => ({ t: r.t, o: r.o, h: r.h, l: r.l, c: r.c, v: r.v, qv: r.qv }));
  }
}

/**
 * History for the K-line REST call: the in-memory candles first, continued from the store when memory
 * does not reach back far enough. Oldest first, at most `limit`.
 */
export async function candleHistory(
  book: CandleBook,
  store: CandleStore | undefined,
  interval: CandleInterval,
  before: number | undefined,
  limit: number,
): Promise<Candle[]> {
  const recent = book.history(interval, before, limit);
  if (!store || recent.length >= limit) return recent;
  // Memory ran out (or was empty): continue strictly before the oldest candle we have.
  const olderThan = recent[0]?.t ?? before;
  const older = await store.list(book.symbol, interval, olderThan, limit - recent.length);
  return [...older, ...recent];
}

/** Loads the newest `perInterval` stored candles of every interval into `book` (start-up). */
export async function loadCandles(book: CandleBook, store: CandleStore, perInterval: number): Promise<void> {
  for (const interval of CANDLE_INTERVALS) {
    book.load(interval, await store.list(book.symbol, interval, undefined, perInterval));
  }
}
