import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { EngineName } from '../../server/db';
import type { Engine } from '../../server/db/engine';
import { postgresEngine, sqliteEngine, type PostgresEngineOptions } from '../../server/db/open-engine';
import { ensurePostgres, freshPostgres } from './postgres';

/** An engine on a throw-away database, and how to run set-up SQL on it and remove it. */
export interface TestEngine {
  engine: Engine;
  /** Runs DDL or other set-up text outside the writer (the test's own schema). */
  setup(text: string): Promise<void>;
  /** Closes the engine and deletes its database. */
  dispose(): Promise<void>;
  /** PostgreSQL only: the database's URL (to reach it from another connection). */
  url?: string;
}

/**
 * Opens an engine of `kind` on a fresh database: SQLite as a file in a temporary directory in WAL
 * mode with a second, read-only connection for reads (as the server runs it); PostgreSQL as a new
 * database on the test server.
 */
export async function openTestEngine(
  kind: EngineName,
  options: PostgresEngineOptions = {},
): Promise<TestEngine> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-test-'));
    const file = path.join(dir, 'test.sqlite');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    const reader = new SQLite(file, { readonly: true });
    const engine = sqliteEngine(sqlite, reader, options);
    return {
      engine,
      setup: async (text) => void sqlite.exec(text),
      async dispose() {
        await engine.close();
        reader.close();
        sqlite.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const why = await ensurePostgres();
  if (why) throw new Error(`PostgreSQL is not available: ${why}`);
  const db = await freshPostgres();
  const engine = postgresEngine(db.url, options);
  const pg = await import('pg');
  return {
    engine,
    url: db.url,
    async setup(text) {
      const c = new pg.default.Client({ connectionString: db.url });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    },
    async dispose() {
      await engine.close();
      await db.drop();
    },
  };
}
