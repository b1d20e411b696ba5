import type { Database as SqliteDb } from 'better-sqlite3';
import pg from 'pg';
import type { Engine } from './engine';
import { PostgresConn } from './postgres-conn';
import { SqliteConn } from './sqlite-conn';
import { Writer, WriterUnavailableError, type WriterOptions } from './writer';

/**
 * The SQLite engine over open better-sqlite3 handles: the writer on `sqlite`, reads on `readSqlite`
 * (a second connection to the same file, which in WAL mode sees only committed transactions) or, for
 * an in-memory database that has no second connection, on `sqlite` too. The handles stay the
 * caller's to close.
 */
export function sqliteEngine(
  sqlite: SqliteDb,
  readSqlite: SqliteDb = sqlite,
  options: WriterOptions = {},
): Engine {
  const writer = new Writer(new SqliteConn(sqlite), { begin: 'begin immediate', ...options });
  const reads = readSqlite === sqlite ? writer.conn : new SqliteConn(readSqlite);
  return { kind: 'sqlite', writer, reads, close: () => writer.close() };
}

/** Settings of the PostgreSQL engine. */
export interface PostgresEngineOptions extends WriterOptions {
  /** Most read connections at once. */
  readPoolSize?: number;
  /** A connection attempt that has not succeeded after this long (ms) fails. */
  connectTimeoutMs?: number;
  /** A statement that has not answered after this long (ms) fails, so no request hangs on it. */
  statementTimeoutMs?: number;
}

/**
 * The PostgreSQL engine at `url`: the writer on one connection of its own, reconnected after a loss
 * when the next batch begins (a batch that was running fails as a whole and its commands are refused
 * with "busy"); reads on a pool of sessions that cannot write (`default_transaction_read_only`).
 */
export function postgresEngine(url: string, options: PostgresEngineOptions = {}): Engine {
  const connectTimeout = options.connectTimeoutMs ?? 3_000;
  const queryTimeout = options.statementTimeoutMs ?? 10_000;
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeout,
      query_timeout: queryTimeout,
      keepAlive: true,
    });
    // A lost connection surfaces as an error event as well as in the running query: forget the client
    // so the next batch connects again.
    c.on('error', () => {
      if (client === c) client = null;
    });
    try {
      await c.connect();
    } catch (err) {
      c.removeAllListeners('error');
      c.on('error', () => {});
      throw err;
    }
    return (client = c);
  };
  const writerClient = (begin: boolean): pg.Client | Promise<pg.Client> => {
    if (client) return client;
    if (!begin) return Promise.reject(new WriterUnavailableError('the database connection was lost'));
    connecting ??= connect().finally(() => (connecting = null));
    return connecting;
  };
  const writer = new Writer(
    new PostgresConn(writerClient, async () => {
      await client?.end().catch(() => {});
      client = null;
    }),
    options,
  );
  const pool = new pg.Pool({
    connectionString: url,
    max: options.readPoolSize ?? 4,
    connectionTimeoutMillis: connectTimeout,
    query_timeout: queryTimeout,
    options: '-c default_transaction_read_only=on',
  });
  // An idle pooled connection that dies is dropped by the pool; without a listener it would crash us.
  pool.on('error', () => {});
  const reads = new PostgresConn(() => pool);
  return {
    kind: 'postgres',
    writer,
    reads,
    async close() {
      await writer.close();
      await writer.conn.close();
      await pool.end();
    },
  };
}
