// The one migration set on PostgreSQL 15: a fresh database gets the baseline, with the same tables,
// columns, indexes, foreign keys and checks as SQLite's, the same append-only rules, and PostgreSQL's
// own words where the engines differ (bigint integers, identity ids, bytea, trigger functions).
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../../server/app';
import { BASELINE_STEP } from '../../../server/db';
import { migrateDatabase, openDatabase } from '../../../server/db/module';
import { ensurePostgres, freshPostgres, type FreshPostgres } from '../../support/postgres';
import { sqliteSchema, type SchemaShape } from '../../support/sqlite-schema';

const why = await ensurePostgres();
if (why) console.warn(`PostgreSQL suite skipped: ${why}`);

/** What both engines can be asked about a table: its columns and named indexes, FKs, checks. */
interface Portable {
  columns: string[];
  indexes: string[];
  foreignKeys: string[];
  checks: number;
}

function portableOfSqlite(shape: SchemaShape): Record<string, Portable> {
  const out: Record<string, Portable> = {};
  for (const [name, t] of Object.entries(shape.tables)) {
    out[name] = {
      // SQLite lets a primary-key column be null unless it says not null; PostgreSQL never does.
      columns: t.columns.map((c) => `${c.name}${c.notNull || c.pk > 0 ? ' not null' : ''}`),
      indexes: t.indexes
        .filter((ix) => ix.origin === 'c')
        .map((ix) => `${ix.name}${ix.unique ? ' unique' : ''}${ix.where ? ' partial' : ''}`)
        .sort(),
      foreignKeys: t.foreignKeys.map((fk) => fk.replace(/ on update .*$/, '')),
      checks: t.checks.length,
    };
  }
  return out;
}

describe.skipIf(why !== null)('the migrations on PostgreSQL', () => {
  let db: FreshPostgres;
  let k: Kysely<unknown>;
  let firstRun: string[];
  /** The schema SQLite gets from the same migrations. */
  let lite: SchemaShape;
  const q = async <R>(text: string) => (await sql.raw<R>(text).execute(k)).rows;

  beforeAll(async () => {
    db = await freshPostgres();
    k = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: db.url, max: 2 }) }),
    });
    firstRun = await migrateDatabase(k, allMigrations(), 'postgres');
    const sqlite = await openDatabase(':memory:', allMigrations());
    lite = sqliteSchema(sqlite.sqlite);
    await sqlite.close();
  });

  afterAll(async () => {
    await k?.destroy();
    await db?.drop();
  });

  it('run the baseline on a fresh database, and nothing the second time', async () => {
    // The baseline, then the steps that sort after it (new areas' tables).
    const later = [...new Set(allMigrations().map((m) => m.name))].filter((n) => n > BASELINE_STEP).sort();
    expect(firstRun).toEqual([BASELINE_STEP, ...later]);
    expect(await migrateDatabase(k, allMigrations(), 'postgres')).toEqual([]);
    expect(await q<{ name: string }>('select name from migrations order by name')).toEqual(
      [BASELINE_STEP, ...later].map((name) => ({ name })),
    );
  });

  it('make the tables, columns, indexes, foreign keys and checks SQLite has', async () => {
    const expected = portableOfSqlite(lite);

    const columns = await q<{ table_name: string; column_name: string; is_nullable: string }>(
      `select table_name, column_name, is_nullable from information_schema.columns
       where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const indexes = await q<{ tablename: string; indexname: string; indexdef: string }>(
      `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
       and indexname not in (select conname from pg_constraint)`,
    );
    const constraints = await q<{ table: string; contype: string; def: string }>(
      `select conrelid::regclass::text as table, contype, pg_get_constraintdef(oid) as def
       from pg_constraint where connamespace = 'public'::regnamespace and contype in ('c', 'f')`,
    );
    const actual: Record<string, Portable> = {};
    for (const c of columns) {
      const t = (actual[c.table_name] ??= { columns: [], indexes: [], foreignKeys: [], checks: 0 });
      t.columns.push(`${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`);
    }
    for (const ix of indexes) {
      const unique = /^create unique/i.test(ix.indexdef) ? ' unique' : '';
      actual[ix.tablename]!.indexes.push(
        `${ix.indexname}${unique}${/ where /i.test(ix.indexdef) ? ' partial' : ''}`,
      );
    }
    for (const c of constraints) {
      const t = actual[c.table]!;
      if (c.contype === 'c') t.checks++;
      const fk = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)$/.exec(c.def);
      if (fk) t.foreignKeys.push(`${fk[1]} → ${fk[2]}(${fk[3]})`);
    }
    for (const t of Object.values(actual)) {
      t.indexes.sort();
      t.foreignKeys.sort();
    }
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    // The baseline's 51, and the later steps' (compared with SQLite's above).
    expect(Object.keys(actual).length).toBeGreaterThanOrEqual(51);
    for (const name of Object.keys(expected)) {
      expect({ table: name, ...actual[name] }).toEqual({ table: name, ...expected[name] });
    }
  });

  it('make every integer column bigint, and the image bytes bytea', async () => {
    const types = await q<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
       where table_schema = 'public'`,
    );
    const sqliteTypes = Object.entries(lite.tables)
      .flatMap(([table, t]) => t.columns.map((c) => `${table}.${c.name} ${c.type}`))
      .sort();
    const words: Record<string, string> = { bigint: 'integer', bytea: 'blob', text: 'text' };
    const pgTypes = types.map((c) => `${c.table_name}.${c.column_name} ${words[c.data_type] ?? c.data_type}`);
    expect(pgTypes.sort()).toEqual(sqliteTypes);
    expect(new Set(types.map((c) => c.data_type))).toEqual(new Set(['bigint', 'bytea', 'text']));
    expect(types.filter((c) => c.data_type === 'bigint').length).toBeGreaterThan(200);
  });

  it('give ids the database assigns, and take one given', async () => {
    const add = (account: string) =>
      q<{ id: string }>(`insert into users (account, account_kind, password_hash, promo_code, created_at)
        values ('${account}', 'email', 'x', 'P-${account}', 1) returning id`);
    const [a] = await add('a@example.com');
    const [b] = await add('b@example.com');
    expect(BigInt(b!.id) - BigInt(a!.id)).toBe(1n);
    await q(`insert into users (id, account, account_kind, password_hash, promo_code, created_at)
      values (7, 'u7@example.com', 'email', 'x', 'INV7', 1)`);
    const tx = await q<{ id: string }>(
      `insert into ledger_tx (kind, ref_type, ref_id, actor, created_at) values ('t', 'users', '7', 'test', 1)
       returning id`,
    );
    expect(tx).toHaveLength(1);
  });

  it('let no user balance go negative, while a system holder (user id below 1) may', async () => {
    const put = (userId: number, available: string, frozen = '0') =>
      q(`insert into balances (user_id, account, coin, available, frozen)
         values (${userId}, 'spot', 'USDT', ${available}, ${frozen})`);
    await expect(put(7, '-1')).rejects.toThrow(/violates check constraint/);
    await expect(put(8, '0', '-1')).rejects.toThrow(/violates check constraint/);
    await put(0, '-100000000000000000');
    await put(-1, '-1');
    // Money past 2^53 minor units keeps every digit.
    await put(7, '9007199254740993');
    const rows = await q<{ available: string }>(`select available from balances where user_id = 7`);
    expect(rows).toEqual([{ available: '9007199254740993' }]);
  });

  it('refuse to change the journal, the fiat timeline, the operator trail and a settlement', async () => {
    await q(`insert into journal (tx_id, user_id, account, coin, field, delta, balance_after, created_at)
      select id, 7, 'spot', 'USDT', 'available', 1, 1, 1 from ledger_tx limit 1`);
    await q(`insert into legal_ads (merchant_id, side, coin, currency, price, min_amount, max_amount, total,
        remaining, methods, auto_cancel_min, status, created_at, updated_at)
      values (7, 'sell', 'USDT', 'CNY', 700, 100, 1000, 1000, 1000, '[]', 15, 'online', 1, 1)`);
    const buyer = (await q<{ id: string }>(`select id from users where account = 'a@example.com'`))[0]!.id;
    await q(`insert into legal_orders (ad_id, merchant_id, user_id, buyer_id, seller_id, coin, currency, price,
        qty, amount, fee, status, pay_deadline, payee, created_at, updated_at)
      select id, 7, ${buyer}, ${buyer}, 7, 'USDT', 'CNY', 700, 1, 700, 0, 'pending', 1, '[]', 1, 1 from legal_ads`);
    await q(`insert into legal_events (order_id, actor, role, kind, created_at)
      select id, 'u7', 'seller', 'created', 1 from legal_orders`);
    await q(`insert into ops_actions (operator, action, target_type, target_id, created_at)
      values ('op', 'withdrawal.approve', 'withdrawals', '1', 1)`);
    await q(`insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
        taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
      values (1, 'BTC/USDT', 6400000, 1, 1, 'buy', 0, 0, 0, 0, 0, 0, 1000)`);
    await q(`insert into second_options (user_id, symbol, direction, seconds, coin, stake_units, payout_rate,
        payout_units, entry_trade_id, entry_price, entry_ts, accepted_at, expires_at, stake_tx_id)
      values (7, 'BTC/USDT', 'up', 30, 'USDT', 100, '0.85', 185, 1, '64000.00', 1000, 1001, 31001, 1)`);
    await q(`insert into second_settlements select id, 1, '64000.00', 1000, 'equal', 100, 31002, 2, 'expiry'
      from second_options`);
    await expect(
      q(`insert into second_settlements select id, 1, '64000.00', 1000, 'won', 185, 31003, 3, 'expiry'
         from second_options`),
    ).rejects.toThrow(/duplicate key/);

    const rules: [table: string, message: RegExp][] = [
      ['journal', /journal is append-only/],
      ['legal_events', /legal_events is append-only/],
      ['ops_actions', /ops_actions is append-only/],
      ['second_settlements', /a settlement is final/],
    ];
    for (const [table, message] of rules) {
      expect(await q(`select 1 from ${table}`), table).toHaveLength(1);
      await expect(q(`update ${table} set ${column(table)} = 2`), table).rejects.toThrow(message);
      await expect(q(`delete from ${table}`), table).rejects.toThrow(message);
      await expect(q(`truncate ${table} cascade`), table).rejects.toThrow(message);
      expect(await q(`select 1 from ${table}`), table).toHaveLength(1);
    }
  });

  it('keep the fee day as YYYY-MM-DD', async () => {
    const run = (day: string) =>
      q(`insert into lever_overnight_runs (day, at, positions, ran_at) values ('${day}', 1, 0, 1)`);
    await expect(run('2031-3-05')).rejects.toThrow(/violates check constraint/);
    await expect(run('2031-03-05x')).rejects.toThrow(/violates check constraint/);
    await run('2031-03-05');
  });
});

/** A column each append-only table has, to update. */
function column(table: string): string {
  return table === 'second_settlements' ? 'settled_at' : 'created_at';
}
