import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openDatabase, type Db } from '../../../server/db/connect';
import { migrate, type Migration } from '../../../server/db/migrate';
import { BASELINE_STEP } from '../../../server/db/migration';
import type { Database } from '../../../server/db/schema';
import { allMigrations } from '../../../server/app';
import { stepNames } from '../../support/db';

const dirs: string[] = [];

/**
 * A typed Kysely handle on the database's SQLite connection, for what these tests check outside the
 * server (the migrations table, schema constraints, migrate itself). Not destroyed: `db.close()`
 * closes the connection it shares.
 */
function kyselyOf(db: Db): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: db.sqlite }) });
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates DATA_DIR and the file, with WAL, foreign keys and a busy timeout', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'db-')), 'nested', 'data');
    dirs.push(path.dirname(path.dirname(dir)));
    const db = await openDatabase(dir, allMigrations());
    expect(db.file).toBe(path.join(dir, DB_FILE_NAME));
    expect(fs.existsSync(db.file)).toBe(true);
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    // A fresh database runs the baseline, not the legacy steps, and records only what it ran.
    const applied = await kyselyOf(db).selectFrom('migrations').select('name').orderBy('name').execute();
    const fromBaseline = stepNames().filter((name) => name >= BASELINE_STEP);
    expect(applied.map((r) => r.name)).toEqual(fromBaseline);
    await db.close();

    // Reopening applies nothing twice and keeps the data.
    const again = await openDatabase(dir, allMigrations());
    expect(await kyselyOf(again).selectFrom('migrations').select('name').execute()).toHaveLength(
      fromBaseline.length,
    );
    await again.close();
  });

  it('enforces foreign keys and unique accounts', async () => {
    const db = await openDatabase(':memory:', allMigrations());
    const kysely = kyselyOf(db);
    const session = { token_hash: 'x', user_id: 99, created_at: 0, expires_at: 1, revoked_at: null };
    await expect(kysely.insertInto('sessions').values(session).execute()).rejects.toThrow(/FOREIGN KEY/);
    const user = {
      account: 'a@b.cd',
      account_kind: 'email' as const,
      password_hash: 'h',
      trade_password_hash: null,
      promo_code: 'P1',
      referrer_id: null,
      level: 'member' as const,
      created_at: 0,
    };
    await kysely.insertInto('users').values(user).execute();
    await expect(
      kysely
        .insertInto('users')
        .values({ ...user, promo_code: 'P2' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await db.close();
  });
});

describe('migrate', () => {
  it('applies pending migrations in order, each atomically with its record', async () => {
    const db = await openDatabase(':memory:', allMigrations());
    const k = kyselyOf(db) as unknown as Kysely<unknown>;
    const steps: Migration[] = [
      { name: '900-a', up: async (d) => void (await sql`create table t_a (x integer)`.execute(d)) },
      {
        name: '901-b',
        up: async (d) => {
          await sql`create table t_b (x integer)`.execute(d);
          throw new Error('boom');
        },
      },
    ];
    await expect(migrate(k, steps)).rejects.toThrow('boom');
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      k,
    );
    const names = tables.rows.map((r) => r.name);
    expect(names).toContain('t_a');
    expect(names).not.toContain('t_b');
    expect(await migrate(k, [steps[0]!])).toEqual([]);
    await db.close();
  });

  it('applies steps handed in module order by name, parts of one step together and in part order', async () => {
    const db = await openDatabase(':memory:', allMigrations());
    const k = kyselyOf(db) as unknown as Kysely<unknown>;
    const ran: string[] = [];
    const step = (name: string, part?: number): Migration => ({
      name,
      part,
      up: async () => void ran.push(`${name}#${part ?? 0}`),
    });
    expect(await migrate(k, [step('902-c'), step('901-b', 1), step('900-a'), step('901-b')])).toEqual([
      '900-a',
      '901-b',
      '902-c',
    ]);
    expect(ran).toEqual(['900-a#0', '901-b#0', '901-b#1', '902-c#0']);
    await expect(migrate(k, [step('903-d'), step('903-d')])).rejects.toThrow(/duplicate/);
    await db.close();
  });

  it('refuses a new step that sorts before one the database already has, and applies nothing', async () => {
    const db = await openDatabase(':memory:', allMigrations());
    const k = kyselyOf(db) as unknown as Kysely<unknown>;
    const late: Migration = {
      name: '015-late',
      up: async (d) => void (await sql`create table t_late (x integer)`.execute(d)),
    };
    await expect(migrate(k, [...allMigrations(), late])).rejects.toThrow(/015-late is out of order/);
    const t = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 't_late'`.execute(
      k,
    );
    expect(t.rows[0]!.n).toBe(0);
    await db.close();
  });
});

describe("the areas' migrations", () => {
  it('are every shipped step, in the shipped order', () => {
    expect(stepNames()).toEqual([
      '001-accounts',
      '002-ledger',
      '003-spot',
      '004-candles',
      '005-transfers',
      '006-deposits',
      '007-withdrawals',
      '008-bank',
      '009-ops-actions',
      '010-lean-indexes',
      '011-lever',
      '012-second',
      '013-legal',
      '014-identity',
      '020-news',
      '021-kefu',
      '022-zhibo',
      '023-listing',
      '024-second-settlements',
      '025-lever-overnight-days',
      '026-sim-chain-order',
      '100-baseline',
      '101-ieo',
      '102-lockming',
      '103-sell',
      '104-users-frozen',
      '105-kefu-console',
      '106-ops-accounts',
      '107-ops-session-activity',
      '108-writer-commits',
    ]);
  });
});
