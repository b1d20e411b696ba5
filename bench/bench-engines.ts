/**
 * The databases the engine benches measure on, opened alike: a SQLite file (WAL, synchronous=FULL,
 * as server/db/connect.ts configures the server's) or in memory, with the tables a bench names; and a
 * fresh PostgreSQL database migrated as the server migrates it (`allMigrations`), on the server
 * BENCH_DATABASE_URL names (default: the local test cluster `scripts/postgres.sh` starts, as the
 * PostgreSQL tests use it). Each comes with the settings that decide its durability, read from the
 * database itself, for the bench to print with every figure. BENCH_PG=0 leaves PostgreSQL out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite, { type Database as SqliteDb } from 'better-sqlite3';
import pg from 'pg';
import { allMigrations } from '../server/app';
import { BulkRows, currentCommand, type Engine, type EngineName } from '../server/db';
import { openPostgresDatabase, sqliteEngine } from '../server/db/module';

/** The engines a bench runs on, in order: SQLite, then PostgreSQL unless BENCH_PG=0. */
export const BENCH_ENGINES: readonly EngineName[] =
  process.env.BENCH_PG === '0' ? ['sqlite'] : ['sqlite', 'postgres'];

/** An open bench database. */
export interface BenchEngine {
  engine: Engine;
  /** The engine's settings that decide durability (and its version), printed with each figure. */
  settings: string;
  /** Closes the engine and deletes its database. */
  close(): Promise<void>;
}

/** Where a SQLite bench database lives and what it holds. */
export interface SqliteBenchOptions {
  /** In memory (no disk: the CPU ceiling) instead of a file. */
  memory?: boolean;
  /** The bench's tables, as the migrations leave them (a `users (id)` table comes first). */
  ddl: readonly string[];
  /** Users 1..users to insert. */
  users: number;
}

/**
 * A SQLite database in a temporary directory, configured as the server's, with a second read-only
 * connection for reads (in memory: one connection). `sqlite` is the writer's handle, for set-up rows
 * written before any command runs.
 */
export function openBenchSqlite(options: SqliteBenchOptions): BenchEngine & { sqlite: SqliteDb } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-'));
  const file = options.memory ? ':memory:' : path.join(dir, 'bench.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  sqlite.exec('create table users (id integer primary key)');
  for (const stmt of options.ddl) sqlite.exec(stmt);
  const insertUser = sqlite.prepare('insert into users (id) values (?)');
  sqlite.transaction(() => {
    for (let u = 1; u <= options.users; u++) insertUser.run(u);
  })();
  const reader = options.memory ? sqlite : new SQLite(file, { readonly: true });
  const engine = sqliteEngine(sqlite, reader);
  return {
    engine,
    sqlite,
    settings: sqliteSettings(sqlite),
    async close() {
      await engine.close();
      if (reader !== sqlite) reader.close();
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const SYNCHRONOUS = ['off', 'normal', 'full', 'extra'];

function sqliteSettings(sqlite: SqliteDb): string {
  const version = sqlite.prepare('select sqlite_version() as v').pluck().get() as string;
  const journal = sqlite.pragma('journal_mode', { simple: true }) as string;
  const sync = sqlite.pragma('synchronous', { simple: true }) as number;
  return (
    `SQLite ${version} ${sqlite.name === ':memory:' ? 'in memory (no disk)' : 'file'}, ` +
    `journal_mode=${journal}, synchronous=${SYNCHRONOUS[sync] ?? sync}`
  );
}

/**
 * A new database on the bench's PostgreSQL server with the server's whole schema and users
 * 1..users; the engine as the server opens it (`openPostgresDatabase`). Fails when the server cannot
 * be reached (run with BENCH_PG=0 to measure SQLite only).
 */
export async function openBenchPostgres(users: number): Promise<BenchEngine> {
  // tests/support/postgres.ts reads TEST_DATABASE_URL when it is loaded: the bench's server goes there.
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const { ensurePostgres, freshPostgres } = await import('../tests/support/postgres');
  const why = await ensurePostgres();
  if (why) throw new Error(`PostgreSQL is not available (BENCH_PG=0 skips it): ${why}`);
  const fresh = await freshPostgres();
  const db = await openPostgresDatabase(fresh.url, allMigrations());
  const c = new pg.Client({ connectionString: fresh.url });
  await c.connect();
  let settings: string;
  try {
    const values = Array.from({ length: users }, (_, i) => i + 1)
      .map((u) => `(${u}, 'bench${u}', 'mobile', 'x', 'BENCH${u}', 'member', 0)`)
      .join(', ');
    if (users > 0) {
      await c.query(
        `insert into users (id, account, account_kind, password_hash, promo_code, level, created_at) values ${values}`,
      );
    }
    const show = async (s: string) => (await c.query<Record<string, string>>(`show ${s}`)).rows[0]![s];
    settings =
      `PostgreSQL ${await show('server_version')}, synchronous_commit=${await show('synchronous_commit')}, ` +
      `fsync=${await show('fsync')}, wal_level=${await show('wal_level')}`;
  } finally {
    await c.end();
  }
  return {
    engine: db.engine,
    settings,
    async close() {
      await db.close();
      await fresh.drop();
    },
  };
}

/**
 * Writes set-up rows (`columns` order) into `table` in one writer command, a few multi-row INSERTs
 * (one round trip per 256 rows on PostgreSQL).
 */
export async function insertRows(
  engine: Engine,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const bulk = new BulkRows(table, columns);
  await engine.writer.run(async () => {
    for (const row of rows) bulk.add(...row);
    await bulk.flush(currentCommand()!.conn);
  });
}

const SPOT_TRADE_COLUMNS = [
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
];

/**
 * Stores spot trades as the market would have made them (one lot, no orders or fees behind them),
 * for the services that read the tape's stored trades; `priceTicks` in ticks, `ts` in ms.
 */
export function storeSpotTrades(
  engine: Engine,
  trades: readonly { id: number; symbol: string; priceTicks: number; ts: number }[],
): Promise<void> {
  return insertRows(
    engine,
    'spot_trades',
    SPOT_TRADE_COLUMNS,
    trades.map((t) => [t.id, t.symbol, t.priceTicks, 1, 1, 'buy', 0, 0, 0, 0, 0, 0, t.ts]),
  );
}

/** The machine: CPU model and core count, printed once at the start. */
export function machineLine(): string {
  return `machine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length} cores, node ${process.version}`;
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

/** The core count and an engine's settings, the tag printed after each figure. */
export function onMachine(settings: string): string {
  return `[${os.cpus().length} cores; ${settings}]`;
}

/**
 * A figure against its aim, with the core count and the engine's settings, e.g.
 * `61,234 options/s, aim ≥ 50,000: 1.22× (met) [2 cores; SQLite 3.46.1 file, journal_mode=wal, synchronous=full]`.
 */
export function againstAim(figure: number, aim: number, unit: string, settings: string): string {
  const ratio = figure / aim;
  return (
    `${fmt(figure)} ${unit}, aim ≥ ${fmt(aim)}: ${ratio.toFixed(2)}× (${ratio >= 1 ? 'met' : 'NOT met'}) ` +
    onMachine(settings)
  );
}
