/**
 * The databases the orders bench runs on: a SQLite file (WAL, synchronous=FULL, as the server), SQLite
 * in memory (no disk: the CPU ceiling), and a fresh PostgreSQL database (BENCH_DATABASE_URL, default
 * the local test cluster of `scripts/postgres.sh`; synchronous_commit as the server runs it, `on`).
 * Each has the ledger and spot tables, 100 funded users and the order service.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { toUnits, type PairInfo } from '../domain';
import { allMigrations } from '../server/app';
import type { Engine } from '../server/db';
import { LEAN_INDEX_DDL } from '../server/db/migrations/010-lean-indexes';
import { openPostgresDatabase, sqliteEngine } from '../server/db/module';
import { LEDGER_DDL, Ledger, WORLD_USER_ID, type BalanceAuthority } from '../server/ledger';
import { OrderService } from '../server/trade/order-service';
import { SPOT_DDL } from '../server/trade/schema';

export type BenchDbKind = 'sqlite-file' | 'sqlite-memory' | 'postgres';

export const USERS = 100;

const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://exchange:exchange@127.0.0.1:5432/postgres';

export interface BenchDb {
  engine: Engine;
  service: OrderService;
  /** The engine's settings that decide durability, printed with each figure. */
  settings: string;
  close(): Promise<void>;
}

/** Opens a bench database of `kind` with the order service on it, balances under `authority`. */
export async function openBenchDb(
  kind: BenchDbKind,
  authority: BalanceAuthority,
  pair: PairInfo,
): Promise<BenchDb> {
  const opened = kind === 'postgres' ? await openPostgres() : openSqlite(kind === 'sqlite-memory');
  const { engine } = opened;
  const ledger = await Ledger.open(engine, authority);
  await engine.writer.run(async () => {
    for (let u = 1; u <= USERS; u++) {
      for (const [coin, amount] of [
        ['USDT', '100000000'],
        ['BTC', '10000'],
      ] as const) {
        await ledger.transfer(
          { kind: 'bench.grant', refType: 'bench', refId: '0', actor: 'bench' },
          { userId: WORLD_USER_ID, account: 'spot', coin },
          { userId: u, account: 'spot', coin },
          toUnits(amount),
        );
      }
    }
  });
  const service = await OrderService.open(engine, ledger, [pair]);
  return { engine, service, settings: opened.settings, close: opened.close };
}

function openSqlite(memory: boolean): { engine: Engine; settings: string; close(): Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-bench-'));
  const file = memory ? ':memory:' : path.join(dir, 'bench.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  // As server/db/connect.ts configures the server's database.
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  sqlite.exec('create table users (id integer primary key)');
  // The tables as the migrations leave them.
  for (const stmt of [...LEDGER_DDL, ...SPOT_DDL, ...LEAN_INDEX_DDL]) sqlite.exec(stmt);
  const insertUser = sqlite.prepare('insert into users (id) values (?)');
  for (let u = 1; u <= USERS; u++) insertUser.run(u);
  const reader = memory ? sqlite : new SQLite(file, { readonly: true });
  const engine = sqliteEngine(sqlite, reader);
  return {
    engine,
    settings: memory ? 'SQLite in memory (no disk)' : 'SQLite file, WAL, synchronous=FULL',
    async close() {
      await engine.close();
      if (reader !== sqlite) reader.close();
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<{ engine: Engine; settings: string; close(): Promise<void> }> {
  const name = `exchange_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase(url.toString(), allMigrations());
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const values = Array.from({ length: USERS }, (_, i) => i + 1)
    .map((u) => `(${u}, 'bench${u}', 'mobile', 'x', 'BENCH${u}', 'member', 0)`)
    .join(', ');
  await c.query(
    `insert into users (id, account, account_kind, password_hash, promo_code, level, created_at) values ${values}`,
  );
  const show = async (s: string) => (await c.query<Record<string, string>>(`show ${s}`)).rows[0]![s];
  const settings =
    `PostgreSQL ${await show('server_version')}, synchronous_commit=${await show('synchronous_commit')}, ` +
    `fsync=${await show('fsync')}, wal_level=${await show('wal_level')}`;
  await c.end();
  return {
    engine: db.engine,
    settings,
    async close() {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
