// `npm run ops -- db/copy --to postgres://…` on an exchange database that holds every kind of
// record: the CLI the operator runs copies the stopped SQLite file into an empty PostgreSQL database,
// every row and value arrives as it was, the copy's own checks pass, a server on the copy serves the
// same balances and takes new orders after the copied ids, and a database that is not empty is refused.
import { execFile } from 'node:child_process';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceLine, SpotOrder, TransferRecord } from '../../../domain';
import { allMigrations } from '../../../server/app';
import { DB_FILE_NAME, migrateDatabase, postgresEngine } from '../../../server/db/module';
import { ledgerViolations } from '../../../server/ledger';
import type { CopyReport } from '../../../server/ops/db-copy';
import { loginByApi, registerUser } from '../../support/accounts';
import { call, dataOf } from '../../support/assets';
import { opsCall, PNG } from '../../support/bank';
import {
  buildEveryRecord,
  startExchange,
  tableCounts,
  type EveryRecord,
  type ExchangeServer,
} from '../../support/every-record';
import { dropDatabase, ensurePostgres, freshPostgres } from '../../support/postgres';
import { removeTestData, TEST_ENGINE } from '../../support/server';

/** The referral's USDT grant in ledger units (1e-8): past 2^53 and odd, so no double holds it. */
const BIG_UNITS = 12_345_678_912_345_679n;

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'server', 'ops', 'cli.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run ops -- <args>` as the operator runs it: the CLI's entry in a child process, DATA_DIR set. */
function ops(args: string[], dataDir: string): Promise<Run> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  return new Promise((resolve) => {
    execFile(TSX, [CLI, ...args], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The report the CLI prints between its per-table lines and its closing line. */
function reportOf(stdout: string): CopyReport {
  const lines = stdout.split('\n');
  const start = lines.indexOf('{');
  const end = lines.indexOf('}', start);
  if (start < 0 || end < 0) throw new Error(`no report in the output:\n${stdout}`);
  return JSON.parse(lines.slice(start, end + 1).join('\n')) as CopyReport;
}

/** A value as both engines' drivers can be compared: integers and decimals as text, bytes as hex. */
function normal(v: unknown): unknown {
  if (v === null || typeof v === 'string') return v;
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Uint8Array) return `bytes:${Buffer.from(v).toString('hex')}`;
  throw new Error(`unexpected value ${String(v)}`);
}

/** A table's rows, each value normalised and the columns in name order, sorted: comparable across engines. */
function canonical(rows: Array<Record<string, unknown>>): string[] {
  return rows
    .map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .map((k) => [k, normal(row[k])]),
      ),
    )
    .sort();
}

/** Every table's rows in the SQLite file of `dataDir`, integers exact. */
function sqliteRows(dataDir: string, tables: readonly string[]): Record<string, string[]> {
  const db = new SQLite(path.join(dataDir, DB_FILE_NAME), { readonly: true });
  try {
    return Object.fromEntries(
      tables.map((t) => [
        t,
        canonical(
          db.prepare(`select * from ${t}`).safeIntegers(true).all() as Array<Record<string, unknown>>,
        ),
      ]),
    );
  } finally {
    db.close();
  }
}

/** Every table's rows in the PostgreSQL database at `url` (its driver gives bigint columns as text). */
async function postgresRows(url: string, tables: readonly string[]): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string[]> = {};
    for (const t of tables) out[t] = canonical((await client.query(`select * from ${t}`)).rows);
    return out;
  } finally {
    await client.end();
  }
}

/** The tables of the PostgreSQL database at `url`. */
async function postgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() order by table_name`,
    );
    return r.rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** The largest id of each table that has an `id` column, in the SQLite file of `dataDir`. */
function maxIds(dataDir: string, tables: readonly string[]): Record<string, number> {
  const db = new SQLite(path.join(dataDir, DB_FILE_NAME), { readonly: true });
  try {
    const out: Record<string, number> = {};
    for (const t of tables) {
      const cols = db.prepare(`select name from pragma_table_info(?)`).all(t) as Array<{ name: string }>;
      if (!cols.some((c) => c.name === 'id')) continue;
      const row = db.prepare(`select max(id) as m from ${t}`).get() as { m: number | string | null };
      if (typeof row.m === 'number') out[t] = row.m;
    }
    return out;
  } finally {
    db.close();
  }
}

// The source of the copy is SQLite whatever engine this run tests; the test makes its own PostgreSQL.
const why = TEST_ENGINE === 'postgres' ? null : await ensurePostgres();

describe.skipIf(TEST_ENGINE === 'postgres')('ops db/copy of a database with every kind of record', () => {
  let built: EveryRecord | undefined;
  let counts: Record<string, number>;
  let tables: string[];
  /** Each user's balances as the SQLite server answered them before the copy. */
  const before: Record<string, BalanceLine[]> = {};
  const databases: string[] = [];
  let copyUrl: string;
  let copied: Run;
  /** The server on the SQLite file until it is stopped, and the one on the copy once started. */
  let source: ExchangeServer | undefined;
  let onCopy: ExchangeServer | undefined;

  beforeAll(async () => {
    if (why) throw new Error(`PostgreSQL is not available: ${why}`);
    built = await buildEveryRecord();
    source = built.server;
    for (const [role, u] of Object.entries(built.summary.users)) {
      before[role] = dataOf<BalanceLine[]>(await call(source.origin, 'assets/balances', u.token));
    }
    // Stopped, so what the server saves at stop (the rebate cursor) is in the file, and nothing moves.
    source = undefined;
    await built.server.stop();
    counts = await tableCounts(built.dataDir);
    tables = Object.keys(counts);
    const copy = await freshPostgres();
    databases.push(copy.url);
    copyUrl = copy.url;
    copied = await ops(['db/copy', '--to', copyUrl], built.dataDir);
  }, 120_000);

  afterAll(async () => {
    await source?.stop();
    await onCopy?.stop();
    for (const url of databases) await dropDatabase(url);
    if (built) await removeTestData(built.dataDir);
  });

  it('starts from a database with a row in every table', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => counts[t] === 0)).toEqual([]);
  });

  it('copies every table through the CLI and reports the copy verified', () => {
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    const report = reportOf(copied.stdout);
    const figures = report.tables.map((t) => `${t.table} ${t.postgres}`).join(', ');
    console.log(`db/copy: ${report.tables.length} tables (${figures}); ${report.journalSums} journal sums`);
    expect(report.ok).toBe(true);
    expect(report.tables.map((t) => t.table).sort()).toEqual(tables);
    for (const t of report.tables) {
      expect({ table: t.table, sqlite: t.sqlite, postgres: t.postgres }).toEqual({
        table: t.table,
        sqlite: counts[t.table],
        postgres: counts[t.table],
      });
    }
    expect(report.journalSums).toBeGreaterThan(0);
    expect(report.journalMismatches).toEqual([]);
    expect(report.violations).toEqual([]);
    for (const t of tables) expect(copied.stdout).toContain(`${t}: ${counts[t]} rows\n`);
    expect(copied.stdout).toMatch(/\ncopy verified: .+\n$/);
  });

  it('keeps every value of every row: integers past 2^53, text, bytes, nulls', async () => {
    const source = sqliteRows(built!.dataDir, tables);
    const copy = await postgresRows(copyUrl, tables);
    for (const t of tables) expect(copy[t], t).toEqual(source[t]);
    // The build made amounts past 2^53 units, which a float would round.
    expect(source.journal!.some((row) => row.includes(`["delta","${BIG_UNITS}"]`))).toBe(true);
  });

  it('starts every identity sequence of the copy after the ids it copied', async () => {
    const client = new pg.Client({ connectionString: copyUrl });
    await client.connect();
    try {
      const cols = await client.query<{ t: string; c: string }>(
        `select table_name as t, column_name as c from information_schema.columns
         where table_schema = current_schema() and is_identity = 'YES' order by table_name`,
      );
      expect(cols.rows.length).toBeGreaterThan(30);
      const behind: string[] = [];
      for (const { t, c } of cols.rows) {
        const max = await client.query<{ m: string | null }>(`select max(${c}) as m from ${t}`);
        const seq = await client.query<{ s: string }>('select pg_get_serial_sequence($1, $2) as s', [t, c]);
        const at = await client.query<{ last_value: string; is_called: boolean }>(
          `select last_value, is_called from ${seq.rows[0]!.s}`,
        );
        const next = BigInt(at.rows[0]!.last_value) + (at.rows[0]!.is_called ? 1n : 0n);
        if (next <= BigInt(max.rows[0]!.m ?? 0))
          behind.push(`${t}.${c}: next ${next}, max ${max.rows[0]!.m}`);
      }
      expect(behind).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('refuses a database that is not empty, with a clear message, changing nothing', async () => {
    const snapshot = await postgresRows(copyUrl, tables);
    const source = sqliteRows(built!.dataDir, tables);
    const again = await ops(['db/copy', '--to', copyUrl], built!.dataDir);
    expect(again.code).not.toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(/^ops: the PostgreSQL database is not empty: copy into a new one\n$/);
    expect(await postgresRows(copyUrl, tables)).toEqual(snapshot);
    expect(sqliteRows(built!.dataDir, tables)).toEqual(source);

    // A database holding anything else is as refused, and keeps only what it had.
    const other = await freshPostgres();
    databases.push(other.url);
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      await client.query(`create table notes (body text); insert into notes values ('keep me')`);
      const refused = await ops(['db/copy', '--to', other.url], built!.dataDir);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('not empty');
      expect(await postgresTables(other.url)).toEqual(['notes']);
      expect((await client.query('select body from notes')).rows).toEqual([{ body: 'keep me' }]);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('takes a database that holds only the empty schema a failed copy left, so the copy can be run again', async () => {
    const left = await freshPostgres();
    databases.push(left.url);
    const kysely = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: left.url, max: 1 }) }),
    });
    try {
      await migrateDatabase(kysely, allMigrations(), 'postgres');
    } finally {
      await kysely.destroy();
    }
    const again = await ops(['db/copy', '--to', left.url], built!.dataDir);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('copy verified');
  }, 90_000);

  it('serves the copy: the same balances, the old sessions, and new records after the copied ids', async () => {
    const last = maxIds(built!.dataDir, tables);
    onCopy = await startExchange(built!.dataDir, copyUrl);
    const { origin } = onCopy;
    const users = built!.summary.users;
    for (const [role, u] of Object.entries(users)) {
      const grant = await loginByApi(origin, u.account);
      expect(grant.user.id, role).toBe(u.id);
      const lines = dataOf<BalanceLine[]>(await call(origin, 'assets/balances', grant.token));
      expect(lines, role).toEqual(before[role]);
      // A session the SQLite server issued still signs its user in.
      expect(dataOf<BalanceLine[]>(await call(origin, 'assets/balances', u.token)), role).toEqual(
        before[role],
      );
    }
    expect(Object.values(before).some((lines) => lines.some((l) => l.frozen !== '0.00000000'))).toBe(true);
    // Images: an upload's bytes stay in DATA_DIR/uploads, a chat image's came over in its row.
    const proof = await opsCall(origin, 'GET', 'uploads/get', { id: built!.summary.proofId });
    expect(proof.body.data).toMatchObject({ mime: 'image/png', data: PNG });
    const chat = await opsCall(origin, 'GET', 'kefu/image', { id: built!.summary.kefuImageId });
    expect(chat.body.data).toMatchObject({ data: PNG });

    // New rows take ids after the copied ones: sequences (users, transfers) and writer-allocated ids
    // (orders, trades, ledger transactions) alike.
    const newcomer = await registerUser(origin);
    expect(newcomer.user.id).toBeGreaterThan(last.users!);
    const moved = dataOf<TransferRecord>(
      await call(origin, 'assets/transfer', users.depositor!.token, {
        from: 'spot',
        to: 'lever',
        coin: 'USDT',
        amount: '1',
      }),
    );
    expect(moved.id).toBeGreaterThan(last.transfers!);
    // The referral buys the maker's resting 70000 ask: a new order and a trade.
    const order = dataOf<SpotOrder>(
      await call(origin, 'trade/place', users.referral!.token, {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '70000',
        qty: '0.001',
      }),
    );
    expect(order.status).toBe('filled');
    expect(order.id).toBeGreaterThan(last.spot_orders!);
    const client = new pg.Client({ connectionString: copyUrl });
    await client.connect();
    try {
      const newest = await client.query<{ trade: string; tx: string }>(
        'select (select max(id) from spot_trades) as trade, (select max(id) from ledger_tx) as tx',
      );
      expect(Number(newest.rows[0]!.trade)).toBeGreaterThan(last.spot_trades!);
      expect(Number(newest.rows[0]!.tx)).toBeGreaterThan(last.ledger_tx!);
    } finally {
      await client.end();
    }
    await onCopy.stop();
    onCopy = undefined;
    const engine = postgresEngine(copyUrl, { statementTimeoutMs: 120_000 });
    try {
      expect(await ledgerViolations(engine)).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});
