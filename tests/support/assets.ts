import fs from 'node:fs';
import path from 'node:path';
import { toUnits, type AccountType } from '../../domain';
import { ledgerViolations, WORLD_USER_ID } from '../../server/ledger';
import { callApi, type RawReply } from '../support/api';
import { serverOn } from './server';
import { serverEngine, withServerDb } from './server-db';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The ledger's invariant violations in the server's database (empty when sound), read on a
 * connection of their own (committed data only). Works on a stopped server's data too.
 */
export async function violations(dataDir: string): Promise<string[]> {
  // The check reads every journal line; on a busy machine that takes longer than a request may.
  const engine = serverEngine(dataDir, { readonly: true, statementTimeoutMs: 120_000 });
  try {
    return await ledgerViolations(engine);
  } finally {
    await engine.close();
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
): Promise<Record<string, unknown[]>> {
  return withServerDb(
    dataDir,
    async (db) => {
      const rows: Record<string, unknown[]> = {};
      for (const [name, text] of Object.entries(queries)) rows[name] = await db.all(text, userId);
      return rows;
    },
    { bigints: true },
  );
}

/** The queries of {@link snapshot}: the user's balances, journal lines and transfers. */
export const SNAPSHOT_QUERIES = {
  balances: 'select * from balances where user_id = ? order by account, coin',
  journal: 'select count(*) as n from journal where user_id = ?',
  transfers: 'select count(*) as n from transfers where user_id = ?',
} as const;

/** Rows of a table for one user (to prove a refused request changed nothing). */
export function snapshot(dataDir: string, userId: number): Promise<unknown> {
  return rowsOf(dataDir, userId, SNAPSHOT_QUERIES);
}

/** A user's balance of `coin` in `account`, in ledger units (zero without a row). */
export async function accountBalance(
  dataDir: string,
  userId: number,
  account: AccountType,
  coin = 'USDT',
): Promise<{ available: bigint; frozen: bigint }> {
  const row = await withServerDb(
    dataDir,
    (db) =>
      db.get<{ available: bigint; frozen: bigint }>(
        'select available, frozen from balances where user_id = ? and account = ? and coin = ?',
        userId,
        account,
        coin,
      ),
    { bigints: true },
  );
  return row ?? { available: 0n, frozen: 0n };
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
