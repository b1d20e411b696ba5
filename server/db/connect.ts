import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { commitMark, writerCommitsMigration } from './commit-mark';
import { awaitSchema, migrate, migrateDatabase } from './migrate';
import type { Migration } from './migration';
import type { Engine } from './engine';
import { postgresEngine, sqliteEngine } from './open-engine';
import type { Database } from './schema';

/** The database file inside DATA_DIR. */
export const DB_FILE_NAME = 'exchange.sqlite';

/** An open database: the engine every store runs on, and a way to close it. */
export interface Db {
  engine: Engine;
  /**
   * SQLite: the writer's better-sqlite3 handle, for what runs outside the server (a test's set-up
   * rows, the ops CLI's offline commands). Statements of the server never use it directly.
   */
  sqlite: SQLite.Database;
  /** Absolute path of the SQLite file, or `:memory:`. */
  file: string;
  close(): Promise<void>;
}

/**
 * Opens (creating if needed) the SQLite database in `dataDir`, or an in-memory one for `:memory:`,
 * and applies the pending ones of `migrations` (every area's: `allMigrations` in server/app.ts).
 */
/** How a process opens its database. */
export interface OpenOptions {
  /**
   * `migrate` (the default) applies the pending steps; `await` waits until another process (the
   * cluster's core) has applied them and never writes the schema (an edge).
   */
  schema?: 'migrate' | 'await';
}

export async function openDatabase(
  dataDir: string,
  migrations: readonly Migration[],
  options: OpenOptions = {},
): Promise<Db> {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    fs.mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, DB_FILE_NAME);
  }
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while one writer commits. FULL syncs the log at every commit, so an
  // acknowledged order, transfer or withdrawal survives a power loss, not only a process crash; the
  // order service's group commit pays that fsync once per batch rather than once per order.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // 64 MiB of page cache (default 2 MiB): the ledger and order tables are hot on every batch.
  sqlite.pragma('cache_size = -65536');
  // Another process (the ops CLI) may hold the write lock briefly; wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');

  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    if (options.schema === 'await') await awaitSchema(kysely as unknown as Kysely<unknown>, migrations);
    else await migrate(kysely as unknown as Kysely<unknown>, migrations);
  } catch (err) {
    await kysely.destroy();
    throw err;
  }
  // Reads run on a second, read-only connection: in WAL mode it sees only committed transactions,
  // never the writer's open batch. An in-memory database has no second connection; its reads share
  // the writer's (tests).
  const reader = file === ':memory:' ? sqlite : new SQLite(file, { readonly: true });
  if (reader !== sqlite) reader.pragma('cache_size = -65536');
  const engine = sqliteEngine(sqlite, reader);
  markCommitsOf(engine, migrations);
  return {
    engine,
    sqlite,
    file,
    async close() {
      await engine.close();
      if (reader !== sqlite) reader.close();
      await kysely.destroy();
    },
  };
}

/** An open database on either engine: what the server needs of it. */
export interface EngineDb {
  engine: Engine;
  close(): Promise<void>;
}

/**
 * Opens the PostgreSQL database at `url` and applies the pending ones of `migrations` (the same set
 * as SQLite's, from the baseline on), then starts every identity sequence after its table's highest
 * id: several tables take ids the writer allocates (orders, trades, ledger transactions), and a
 * sequence that an explicit id never advanced would hand that id out again.
 */
export async function openPostgresDatabase(
  url: string,
  migrations: readonly Migration[],
  options: OpenOptions = {},
): Promise<EngineDb> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {});
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    if (options.schema === 'await') {
      await awaitSchema(kysely, migrations);
    } else {
      await migrateDatabase(kysely, migrations, 'postgres');
      await alignSequences(kysely);
    }
  } finally {
    await kysely.destroy();
  }
  const engine = postgresEngine(url);
  markCommitsOf(engine, migrations);
  return { engine, close: () => engine.close() };
}

export async function alignSequences(db: Kysely<unknown>): Promise<void> {
  const cols = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(db);
  for (const { table_name: table, column_name: column } of cols.rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}

/**
 * Has `engine`'s writer name every batch in its COMMIT (`commit-mark.ts`) when `migrations` made
 * `writer_commits`: a test database built from fewer steps has no such table.
 */
function markCommitsOf(engine: Engine, migrations: readonly Migration[]): void {
  if (migrations.includes(writerCommitsMigration)) engine.writer.markCommits(commitMark());
}
