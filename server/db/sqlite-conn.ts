import type { Database as SqliteDb, Statement as SqliteStatement } from 'better-sqlite3';
import { mapRows, type AnyDef, type Conn } from './conn';
import type { RunResult } from './statements';
import { WriterUnavailableError } from './writer';

/** SQLite's "cannot now" errors (another process holds the lock, the disk is full or failing). */
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|NOMEM)/;

function failed(err: unknown): Promise<never> {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE.test(code)) {
    return Promise.reject(new WriterUnavailableError('the database is unavailable', { cause: err }));
  }
  return Promise.reject(err as Error);
}

/**
 * A better-sqlite3 connection behind the asynchronous `Conn`: each statement of a table is prepared
 * on first use and kept (one prepared statement per definition and integer mode), runs on the
 * caller's stack, and its result comes back as a settled promise.
 */
export class SqliteConn implements Conn {
  readonly kind = 'sqlite' as const;
  private readonly prepared = [
    new WeakMap<AnyDef, SqliteStatement>(),
    new WeakMap<AnyDef, SqliteStatement>(),
  ];

  constructor(
    /** The better-sqlite3 handle; closed by whoever opened it. */
    readonly sqlite: SqliteDb,
  ) {}

  private statement(def: AnyDef, bigints: boolean): SqliteStatement {
    const cache = this.prepared[bigints ? 1 : 0]!;
    let stmt = cache.get(def);
    if (!stmt) {
      stmt = this.sqlite.prepare(def.text);
      if (bigints && stmt.reader) stmt.safeIntegers(true);
      cache.set(def, stmt);
    }
    return stmt;
  }

  run(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<RunResult> {
    try {
      const stmt = this.statement(def, bigints);
      if (stmt.reader) {
        // `insert … returning id`: the portable way to learn a new row's id.
        const row = stmt.get(...params) as Record<string, unknown> | undefined;
        return Promise.resolve({ changes: row ? 1 : 0, lastId: row?.id === undefined ? 0 : Number(row.id) });
      }
      // No `returning id`, no id: SQLite's row id has no counterpart on PostgreSQL, so it is not
      // handed out, and a store that needs the new id says `returning id` on both engines.
      const r = stmt.run(...params);
      return Promise.resolve({ changes: r.changes, lastId: 0 });
    } catch (err) {
      return failed(err);
    }
  }

  get(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<unknown> {
    try {
      const raw = this.statement(def, bigints).get(...params) as Record<string, unknown> | undefined;
      return Promise.resolve(raw === undefined ? undefined : mapRows(def, [raw])[0]);
    } catch (err) {
      return failed(err);
    }
  }

  all(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<unknown[]> {
    try {
      return Promise.resolve(
        mapRows(def, this.statement(def, bigints).all(...params) as Record<string, unknown>[]),
      );
    } catch (err) {
      return failed(err);
    }
  }

  exec(text: string): Promise<void> {
    try {
      this.sqlite.exec(text);
      return Promise.resolve();
    } catch (err) {
      return failed(err);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
