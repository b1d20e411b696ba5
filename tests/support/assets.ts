import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { toUnits, type AccountType } from '../../domain';
import { DB_FILE_NAME } from '../../server/db/connect';
import { Ledger, ledgerViolations, WORLD_USER_ID } from '../../server/ledger';
import { callApi, type RawReply } from '../support/api';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Opens the test server's database beside it (WAL allows it); read-only unless asked. */
export function openServerDb(dataDir: string, readonly = true): SQLite.Database {
  const db = new SQLite(path.join(dataDir, DB_FILE_NAME), { readonly, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** The ledger's invariant violations in the server's database (empty when sound). */
export function violations(dataDir: string): string[] {
  const db = openServerDb(dataDir);
  try {
    return ledgerViolations(db);
  } finally {
    db.close();
  }
}

/**
 * Credits `amount` (decimal string) to a user's account from the world holder, through a Ledger on
 * a second connection: a journaled ledger transaction like a deposit, the only way tests add money.
 */
export function fund(
  dataDir: string,
  userId: number,
  coin: string,
  amount: string,
  account: AccountType = 'spot',
) {
  const db = openServerDb(dataDir, false);
  try {
    new Ledger(db).transfer(
      { kind: 'test.grant', refType: 'users', refId: String(userId), actor: 'test' },
      { userId: WORLD_USER_ID, account, coin },
      { userId, account, coin },
      toUnits(amount),
    );
  } finally {
    db.close();
  }
}

/** Rows of a table for one user (to prove a refused request changed nothing). */
export function snapshot(dataDir: string, userId: number): unknown {
  const db = openServerDb(dataDir);
  try {
    const q = (text: string) => db.prepare(text).safeIntegers(true).all(userId);
    return {
      balances: q('select * from balances where user_id = ? order by account, coin'),
      journal: q('select count(*) as n from journal where user_id = ?'),
      transfers: q('select count(*) as n from transfers where user_id = ?'),
    };
  } finally {
    db.close();
  }
}

/** A message text of locales/<lang>/errors.json. */
export function errorText(lang: string, key: string): string {
  const file = path.join(ROOT, 'locales', lang, 'errors.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)[key]!;
}

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
