import fs from 'node:fs';
import path from 'node:path';
import type { Database as SqliteDb } from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { allMigrations } from '../app';
import { alignSequences, DB_FILE_NAME, migrateDatabase, openDatabase, postgresEngine } from '../db/module';
import { journalSums, ledgerViolations } from '../ledger';

/** What the copy found and did; every check must hold for `ok`. */
export interface CopyReport {
  ok: boolean;
  /** Rows per table: copied from SQLite, and counted on PostgreSQL afterwards. */
  tables: Array<{ table: string; sqlite: number; postgres: number }>;
  /** Journal sums per holder, field and coin that differ between the two (none when sound). */
  journalMismatches: string[];
  /** Holders and coins the journal sums were compared for. */
  journalSums: number;
  /** The ledger's invariants on the copy (`ledgerViolations`); none when sound. */
  violations: string[];
}

/** Most bound values in one INSERT (PostgreSQL allows 65,535). */
const MAX_PARAMS = 30_000;

type Row = Record<string, unknown>;

/**
 * Copies the stopped SQLite database in `dataDir` into the empty PostgreSQL database at `to`: applies
 * the migrations to both (so both have today's schema), copies every table's rows in foreign-key
 * order inside one PostgreSQL transaction (nothing is left half-copied), starts the identity sequences
 * after the copied ids, and verifies the copy: rows per table, the journal's sums per holder, field
 * and coin, and the ledger's invariants on PostgreSQL. The SQLite file is held with a write lock while
 * it is read, so a server still running on it cannot change it underneath (and will wait or refuse).
 */
export async function copyDatabase(
  dataDir: string,
  to: string,
  log: (line: string) => void,
): Promise<CopyReport> {
  if (!fs.existsSync(path.join(dataDir, DB_FILE_NAME))) {
    throw new Error(`no ${DB_FILE_NAME} in ${dataDir}: set DATA_DIR to the exchange's data directory`);
  }
  const source = await openDatabase(dataDir, allMigrations());
  const sqlite = source.sqlite;
  const client = new pg.Client({ connectionString: to });
  await client.connect();
  try {
    if (!(await emptyTarget(client, copyOrder(sqlite)))) {
      throw new Error('the PostgreSQL database is not empty: copy into a new one');
    }
    const kysely = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: to, max: 1 }) }),
    });
    try {
      await migrateDatabase(kysely, allMigrations(), 'postgres');
    } finally {
      await kysely.destroy();
    }
    sqlite.exec('begin immediate');
    const tables = copyOrder(sqlite);
    const counts: CopyReport['tables'] = [];
    await client.query('begin');
    for (const table of tables) {
      const n = await copyTable(sqlite, client, table);
      counts.push({ table, sqlite: n, postgres: 0 });
      log(`${table}: ${n} rows`);
    }
    await client.query('commit');
    const kysely2 = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: to, max: 1 }) }),
    });
    try {
      await alignSequences(kysely2);
    } finally {
      await kysely2.destroy();
    }
    for (const c of counts) {
      const r = await client.query<{ n: string }>(`select count(*) as n from ${c.table}`);
      c.postgres = Number(r.rows[0]!.n);
    }
    // The source's sums are read (on its read connection) while this copy still holds the write lock.
    const liteSums = await journalSums(source.engine);
    sqlite.exec('rollback');
    const engine = postgresEngine(to);
    let violations: string[];
    let mismatches: string[];
    let compared: number;
    try {
      ({ mismatches, compared } = compareSums(liteSums, await journalSums(engine)));
      violations = await ledgerViolations(engine);
    } finally {
      await engine.close();
    }
    const ok =
      counts.every((c) => c.sqlite === c.postgres) && mismatches.length === 0 && violations.length === 0;
    return { ok, tables: counts, journalMismatches: mismatches, journalSums: compared, violations };
  } finally {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    await client.end().catch(() => {});
    await source.close();
  }
}

/**
 * Whether the target may take the copy: no table at all, or the exchange's schema with no row yet
 * (what a copy that failed after its migrations leaves, so the operator can run it again). A
 * database with a table the migrations did not make, or with any row, is someone's data.
 */
async function emptyTarget(client: pg.Client, exchangeTables: readonly string[]): Promise<boolean> {
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )
  ).rows.map((r) => r.name);
  if (tables.length === 0) return true;
  if (!tables.includes('migrations')) return false;
  const known = new Set([...exchangeTables, 'migrations']);
  if (tables.some((t) => !known.has(t))) return false;
  for (const t of tables) {
    if (t === 'migrations') continue;
    const r = await client.query<{ any: boolean }>(`select exists (select 1 from ${t}) as any`);
    if (r.rows[0]!.any) return false;
  }
  return true;
}

/** The tables to copy, each after the tables its foreign keys name. */
function copyOrder(sqlite: SqliteDb): string[] {
  const names = (
    sqlite
      .prepare(
        `select name from sqlite_master where type = 'table'
         and name not like 'sqlite_%' and name <> 'migrations' order by name`,
      )
      .all() as Array<{ name: string }>
  ).map((r) => r.name);
  const deps = new Map(
    names.map((n) => [
      n,
      (sqlite.prepare(`select "table" as t from pragma_foreign_key_list(?)`).all(n) as Array<{ t: string }>)
        .map((r) => r.t)
        .filter((t) => t !== n),
    ]),
  );
  const out: string[] = [];
  const visit = (n: string, path: Set<string>) => {
    if (out.includes(n)) return;
    if (path.has(n)) throw new Error(`foreign keys form a circle through ${n}`);
    path.add(n);
    for (const d of deps.get(n) ?? []) visit(d, path);
    path.delete(n);
    out.push(n);
  };
  for (const n of names) visit(n, new Set());
  return out;
}

/** Copies one table in primary-key order (a table's rows that name earlier rows of it come later). */
async function copyTable(sqlite: SqliteDb, client: pg.Client, table: string): Promise<number> {
  const columns = (
    sqlite.prepare(`select name, pk from pragma_table_info(?)`).all(table) as Array<{
      name: string;
      pk: number;
    }>
  ).map((c) => c);
  const names = columns.map((c) => c.name);
  const keys = columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const order = keys.length > 0 ? keys.join(', ') : 'rowid';
  const stmt = sqlite
    .prepare(`select ${names.join(', ')} from ${table} order by ${order}`)
    .safeIntegers(true);
  const perInsert = Math.max(1, Math.min(1_000, Math.floor(MAX_PARAMS / names.length)));
  let pending: unknown[][] = [];
  let total = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const values: unknown[] = [];
    const tuples = pending.map((row) => {
      const start = values.length;
      values.push(...row.map(toPg));
      return `(${row.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    await client.query(`insert into ${table} (${names.join(', ')}) values ${tuples.join(', ')}`, values);
    total += pending.length;
    pending = [];
  };
  for (const row of stmt.iterate() as Iterable<Row>) {
    pending.push(names.map((n) => row[n]));
    if (pending.length >= perInsert) await flush();
  }
  await flush();
  return total;
}

/** A SQLite value as the `pg` driver sends it: integers exactly (as decimal text), bytes as bytes. */
function toPg(v: unknown): unknown {
  return typeof v === 'bigint' ? v.toString() : v;
}

/** The journal sums of the source and of the copy; returns what differs. */
function compareSums(
  lite: Map<string, bigint>,
  copy: Map<string, bigint>,
): { mismatches: string[]; compared: number } {
  const mismatches: string[] = [];
  for (const k of new Set([...lite.keys(), ...copy.keys()])) {
    if (lite.get(k) !== copy.get(k)) mismatches.push(`${k}: sqlite ${lite.get(k)} postgres ${copy.get(k)}`);
  }
  return { mismatches, compared: lite.size };
}
