// One migration set for two engines: a fresh database gets the baseline (every table as it is now,
// written once for SQLite and PostgreSQL), a SQLite file from before it finishes the legacy steps
// and records the baseline. Both roads must end at the same schema, or an upgraded exchange and a
// new one would differ (PostgreSQL's side: tests/integration/db/postgres-schema.test.ts).
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { allMigrations } from '../../../server/app';
import { migrate, migrateDatabase, type Migration } from '../../../server/db/migrate';
import { BASELINE_STEP } from '../../../server/db/migration';
import { migrationsUpTo, stepNames } from '../../support/db';
import { checksOf, sqliteSchema } from '../../support/sqlite-schema';

const open: Kysely<unknown>[] = [];
afterEach(async () => {
  for (const k of open.splice(0)) await k.destroy();
});

function database(): { sqlite: SQLite.Database; k: Kysely<unknown> } {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  const k = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  open.push(k);
  return { sqlite, k };
}

const legacySteps = () => allMigrations().filter((m) => m.legacy);
/** The steps up to the baseline (what the legacy road is compared with). */
const throughBaseline = () => allMigrations().filter((m) => m.name <= BASELINE_STEP);
/** The shipped steps after the baseline (areas' own, such as `102-lockming`). */
const afterBaseline = () => stepNames().filter((n) => n > BASELINE_STEP);
const applied = (sqlite: SQLite.Database) =>
  (sqlite.prepare('select name from migrations order by name').all() as { name: string }[]).map(
    (r) => r.name,
  );

describe('the baseline', () => {
  it('builds on SQLite the very schema the legacy steps built', async () => {
    const legacy = database();
    await migrate(legacy.k, legacySteps());
    const fresh = database();
    await migrate(fresh.k, throughBaseline());

    const before = sqliteSchema(legacy.sqlite);
    const after = sqliteSchema(fresh.sqlite);
    // Something to compare: every table, its checks and the append-only triggers.
    expect(Object.keys(after.tables)).toHaveLength(51); // 50 and `migrations`
    expect(Object.keys(after.triggers).sort()).toEqual([
      'journal_no_delete',
      'journal_no_update',
      'legal_events_no_delete',
      'legal_events_no_update',
      'ops_actions_no_delete',
      'ops_actions_no_update',
      'second_settlements_no_delete',
      'second_settlements_no_update',
    ]);
    expect(Object.values(after.tables).flatMap((t) => t.checks).length).toBeGreaterThan(80);
    expect(after.tables.balances!.withoutRowid).toBe(true);
    expect(after.tables.users!.autoincrement).toBe(true);

    for (const name of Object.keys(before.tables)) {
      expect({ table: name, ...after.tables[name] }).toEqual({ table: name, ...before.tables[name] });
    }
    expect(after).toEqual(before);
  });

  it('keeps the checks that differ per engine: a day is YYYY-MM-DD, a user balance never negative', async () => {
    const { sqlite, k } = database();
    await migrate(k, allMigrations());
    const run = (day: string) =>
      sqlite
        .prepare('insert into lever_overnight_runs (day, at, positions, ran_at) values (?, 1, 0, 1)')
        .run(day);
    expect(() => run('2031-3-05')).toThrow(/CHECK/);
    run('2031-03-05');
    const balance = (userId: number, available: number) =>
      sqlite
        .prepare(`insert into balances (user_id, account, coin, available) values (?, 'spot', 'USDT', ?)`)
        .run(userId, available);
    expect(() => balance(7, -1)).toThrow(/CHECK/);
    balance(0, -1);
  });
});

describe('the comparison', () => {
  it('sees a changed check, default or partial index', () => {
    const shape = (ddl: string) => {
      const db = new SQLite(':memory:');
      db.exec(ddl);
      const s = sqliteSchema(db);
      db.close();
      return s;
    };
    const base = `create table t (a integer not null default 0 check (a >= 0), b text);
      create index t_b on t (b) where b is not null`;
    expect(shape(base)).toEqual(shape(base.replaceAll('\n', ' ')));
    expect(shape(base)).not.toEqual(shape(base.replace('a >= 0', 'a > 0')));
    expect(shape(base)).not.toEqual(shape(base.replace('default 0', 'default 1')));
    expect(shape(base)).not.toEqual(shape(base.replace('is not null', 'is null')));
    expect(shape(base)).not.toEqual(shape(base.replace('integer', 'text')));
    expect(checksOf(`create table x (d text check (d glob '(') check ((a = 1) = (b is null)))`)).toEqual([
      '(a = 1) = (b is null)',
      "d glob '('",
    ]);
  });
});

describe('the runner', () => {
  it('runs only the baseline on a fresh database, and nothing the second time', async () => {
    const { sqlite, k } = database();
    expect(await migrate(k, allMigrations())).toEqual([BASELINE_STEP, ...afterBaseline()]);
    expect(applied(sqlite)).toEqual([BASELINE_STEP, ...afterBaseline()]);
    expect(await migrate(k, allMigrations())).toEqual([]);
  });

  it('finishes a legacy file with its remaining legacy steps and records the baseline without running it', async () => {
    const { sqlite, k } = database();
    await migrate(k, migrationsUpTo('012-second'));
    sqlite.exec(`insert into users (id, account, account_kind, password_hash, promo_code, created_at)
      values (7, 'u7@example.com', 'email', 'x', 'INV7', 1)`);
    const rest = stepNames().filter((n) => n > '012-second');
    expect(await migrate(k, allMigrations())).toEqual(rest);
    expect(applied(sqlite)).toEqual(stepNames());
    // Had the baseline run, its `create table users` would have failed on the existing table.
    expect(sqlite.prepare('select account from users').pluck().all()).toEqual(['u7@example.com']);

    const fresh = database();
    await migrate(fresh.k, allMigrations());
    expect(sqliteSchema(sqlite)).toEqual(sqliteSchema(fresh.sqlite));
    expect(await migrate(k, allMigrations())).toEqual([]);
  });

  it('keeps the order of the simulated chain’s transactions across 026-sim-chain-order', async () => {
    const { sqlite, k } = database();
    await migrate(k, migrationsUpTo('025-lever-overnight-days'));
    const send =
      sqlite.prepare(`insert into sim_chain_txs (chain, txid, vout, coin, address, amount, created_at)
      values ('BTC', ?, 0, 'BTC', 'a', 1, 0)`);
    for (const txid of ['c', 'a', 'b']) send.run(txid);
    sqlite.exec(`delete from sim_chain_txs where txid = 'a'`);
    send.run('d');
    const rowids = sqlite.prepare('select rowid, txid from sim_chain_txs order by rowid').all();
    await migrate(k, allMigrations());
    expect(sqlite.prepare('select id as rowid, txid from sim_chain_txs order by id').all()).toEqual(rowids);
    expect(() => send.run('c')).toThrow(/UNIQUE/);
  });

  it('refuses a legacy step on PostgreSQL, a legacy step after the baseline and a new one before it', async () => {
    const { k } = database();
    const step = (name: string, legacy?: true): Migration => ({ name, legacy, up: async () => {} });
    await expect(migrateDatabase(k, [step('001-old', true)], 'postgres')).rejects.toThrow(
      /001-old is a legacy SQLite step/,
    );
    await expect(migrate(k, [step('101-new', true)])).rejects.toThrow(
      /legacy migration 101-new must sort before/,
    );
    await expect(migrate(k, [step('099-new')])).rejects.toThrow(/099-new is out of order/);
  });

  it('runs the steps after the baseline on a database either road built', async () => {
    const later: Migration = {
      name: '101-later',
      up: async (db) => void (await sql`create table t_later (x integer)`.execute(db)),
    };
    const legacy = database();
    await migrate(legacy.k, migrationsUpTo('024-second-settlements'));
    expect(await migrate(legacy.k, [...allMigrations(), later])).toEqual([
      '025-lever-overnight-days',
      '026-sim-chain-order',
      BASELINE_STEP,
      ...['101-later', ...afterBaseline()].sort(),
    ]);
    const fresh = database();
    expect(await migrate(fresh.k, [...allMigrations(), later])).toEqual([
      BASELINE_STEP,
      ...['101-later', ...afterBaseline()].sort(),
    ]);
    expect(sqliteSchema(legacy.sqlite)).toEqual(sqliteSchema(fresh.sqlite));
  });
});
