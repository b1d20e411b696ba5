import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { toUnits, type AccountType } from '../../domain';
import { DB_FILE_NAME } from '../../server/db/connect';
import { sqliteEngine } from '../../server/db/module';
import { ledgerViolations, WORLD_USER_ID } from '../../server/ledger';
import { callApi, type RawReply } from '../support/api';
import { serverOn } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Opens the test server's database beside it (WAL allows it); read-only unless asked. */
export function openServerDb(dataDir: string, readonly = true): SQLite.Database {
  const db = new SQLite(path.join(dataDir, DB_FILE_NAME), { readonly, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * The ledger's invariant violations in the server's database (empty when sound), read on a
 * connection of their own (committed data only). Works on a stopped server's data too.
 */
export async function violations(dataDir: string): Promise<string[]> {
  const db = openServerDb(dataDir);
  try {
    return await ledgerViolations(sqliteEngine(db));
  } finally {
    db.close();
  }
}

/**
 * Credits `amount` (decimal string) to a user's account from the world holder, as a command of the
 * running server's own writer and ledger: a journaled ledger transaction like a deposit, the only way
 * tests add money. Resolves once it is committed.
 */
export async function fund(
  dataDir: string,
  userId: number,
  coin: string,
  amount: string,
  account: AccountType = 'spot',
): Promise<void> {
  const { engine, ledger } = serverOn(dataDir);
  await engine.writer.run(() =>
    ledger.transfer(
      { kind: 'test.grant', refType: 'users', refId: String(userId), actor: 'test' },
      { userId: WORLD_USER_ID, account, coin },
      { userId, account, coin },
      toUnits(amount),
    ),
  );
}

/**
 * The rows each query (SQL with the user's id as its one parameter) reads, by the query's name,
 * integers as bigints: what a refused request must leave as it was.
 */
export function rowsOf(
  dataDir: string,
  userId: number,
  queries: Record<string, string>,
): Record<string, unknown[]> {
  const db = openServerDb(dataDir);
  try {
    return Object.fromEntries(
      Object.entries(queries).map(([name, text]) => [name, db.prepare(text).safeIntegers(true).all(userId)]),
    );
  } finally {
    db.close();
  }
}

/** The queries of {@link snapshot}: the user's balances, journal lines and transfers. */
export const SNAPSHOT_QUERIES = {
  balances: 'select * from balances where user_id = ? order by account, coin',
  journal: 'select count(*) as n from journal where user_id = ?',
  transfers: 'select count(*) as n from transfers where user_id = ?',
} as const;

/** Rows of a table for one user (to prove a refused request changed nothing). */
export function snapshot(dataDir: string, userId: number): unknown {
  return rowsOf(dataDir, userId, SNAPSHOT_QUERIES);
}

/** A user's balance of `coin` in `account`, in ledger units (zero without a row). */
export function accountBalance(
  dataDir: string,
  userId: number,
  account: AccountType,
  coin = 'USDT',
): { available: bigint; frozen: bigint } {
  const db = openServerDb(dataDir);
  try {
    const row = db
      .prepare('select available, frozen from balances where user_id = ? and account = ? and coin = ?')
      .safeIntegers(true)
      .get(userId, account, coin) as { available: bigint; frozen: bigint } | undefined;
    return row ?? { available: 0n, frozen: 0n };
  } finally {
    db.close();
  }
}

/** A message text of locales/<lang>/errors.json. */
export function errorText(lang: string, key: string): string {
  const file = path.join(ROOT, 'locales', lang, 'errors.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)[key]!;
}

/** The reply to a refused request: `key` (on `field`) with its text in `lang`. */
export const refusal = (lang: string, key: string, field?: string) => ({
  code: 400,
  data: null,
  msg: errorText(lang, key),
  key,
  ...(field && { field }),
});

/** The data of a variant-3 success, or throws with the reply. */
export function dataOf<T>(reply: RawReply): T {
  if (reply.status !== 200 || reply.body?.code !== 200) {
    throw new Error(`expected success, got HTTP ${reply.status} ${reply.text}`);
  }
  return reply.body.data as T;
}

/** Calls an assets endpoint with the token and optional language. */
export function call(
  origin: string,
  name: Parameters<typeof callApi>[1],
  token: string,
  fields: Record<string, string | number> = {},
  lang?: string,
): Promise<RawReply> {
  return callApi(origin, name, fields, { token, ...(lang && { headers: { lang } }) });
}
