import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Engine } from '../../server/db';
import { DB_FILE_NAME, postgresEngine, sqliteEngine } from '../../server/db/module';
import { numberPlaceholders } from '../../server/db/placeholders';
import { databaseUrlOf } from './server';

/**
 * A test's own view of a test server's database, on either engine: SQL text with `?` placeholders,
 * rows as plain objects. Reads see committed data only. Writes bypass the server's writer: only for
 * what a test sets up around a running server that no writer memory holds (or on a stopped server's
 * data), never for balances or open orders.
 */
export interface ServerDb {
  all<R = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<R[]>;
  get<R = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<R | undefined>;
  /** Runs a statement that writes (needs `write: true`); resolves to the rows it changed. */
  run(text: string, ...params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** How a ServerDb reads integers and whether it may write. */
export interface ServerDbOptions {
  write?: boolean;
  /** Integers as bigint (money); else as number. PostgreSQL's integer sums follow the same rule. */
  bigints?: boolean;
}

const INT8 = 20;
const NUMERIC = 1700;

/** Opens the database of the test server on `dataDir`: its SQLite file, or its PostgreSQL database. */
export async function serverDb(dataDir: string, options: ServerDbOptions = {}): Promise<ServerDb> {
  const url = databaseUrlOf(dataDir);
  return url ? postgresDb(url, options) : sqliteDb(dataDir, options);
}

/** Opens, runs `fn`, closes. */
export async function withServerDb<T>(
  dataDir: string,
  fn: (db: ServerDb) => Promise<T>,
  options: ServerDbOptions = {},
): Promise<T> {
  const db = await serverDb(dataDir, options);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** How a test opens an engine on a test server's database. */
export interface ServerEngineOptions {
  /** For checks that only read, such as `ledgerViolations`. */
  readonly?: boolean;
  /**
   * PostgreSQL: how long one statement may run (ms; the engine's default is 10 s, a bound for a
   * request). A whole-database check under a loaded test run needs more.
   */
  statementTimeoutMs?: number;
}

/**
 * An engine of the test's own on the database of the test server on `dataDir` (a second writer:
 * on SQLite its commands wait for the server's lock, on PostgreSQL for its row locks), for a test
 * that runs a store of the server on that database. Close it after.
 */
export function serverEngine(dataDir: string, options: ServerEngineOptions = {}): Engine {
  const url = databaseUrlOf(dataDir);
  if (url) return postgresEngine(url, { statementTimeoutMs: options.statementTimeoutMs });
  const db = new SQLite(path.join(dataDir, DB_FILE_NAME), {
    readonly: options.readonly ?? false,
    fileMustExist: true,
  });
  db.pragma('busy_timeout = 5000');
  const engine = sqliteEngine(db);
  return {
    ...engine,
    async close() {
      await engine.close();
      db.close();
    },
  };
}

function sqliteDb(dataDir: string, options: ServerDbOptions): ServerDb {
  const db = new SQLite(path.join(dataDir, DB_FILE_NAME), { readonly: !options.write, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const prepared = (text: string) => {
    const stmt = db.prepare(text);
    if (options.bigints && stmt.reader) stmt.safeIntegers(true);
    return stmt;
  };
  return {
    all: async <R>(text: string, ...params: unknown[]) => prepared(text).all(...params) as R[],
    get: async <R>(text: string, ...params: unknown[]) => prepared(text).get(...params) as R | undefined,
    run: async (text, ...params) => prepared(text).run(...params).changes,
    close: async () => void db.close(),
  };
}

async function postgresDb(url: string, options: ServerDbOptions): Promise<ServerDb> {
  const client = new pg.Client({
    connectionString: url,
    ...(!options.write && { options: '-c default_transaction_read_only=on' }),
  });
  await client.connect();
  const integer = (v: string) => (options.bigints ? BigInt(v) : Number(v));
  const types = {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === INT8) return integer;
      // An integer sum is `numeric`: read it as an integer when it is one, as SQLite gives it.
      if (oid === NUMERIC) return (v: string) => (/^-?\d+$/.test(v) ? integer(v) : v);
      return pg.types.getTypeParser(oid, format as 'text');
    }) as typeof pg.types.getTypeParser,
  };
  const query = (text: string, params: unknown[]) =>
    client.query<Record<string, unknown>>({
      text: numberPlaceholders(text),
      values: params.map((p) => (typeof p === 'bigint' ? p.toString() : p)),
      types,
    });
  return {
    all: async <R>(text: string, ...params: unknown[]) => (await query(text, params)).rows as R[],
    get: async <R>(text: string, ...params: unknown[]) =>
      (await query(text, params)).rows[0] as R | undefined,
    run: async (text, ...params) => (await query(text, params)).rowCount ?? 0,
    close: () => client.end(),
  };
}
