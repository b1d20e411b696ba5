import type { Database as SqliteDb } from 'better-sqlite3';
import { accountKindOf, type AccountKind, type UserInfo } from '../../domain';
import { prepareOnUse, sql, type PreparedSet, type UserRow } from '../db';
import { loginRequired } from '../http';
import { newPromoCode } from './tokens';

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toUser = (r: Record<string, unknown>): UserRow => ({
  ...(r as unknown as UserRow),
  id: Number(r.id),
  referrer_id: r.referrer_id === null ? null : Number(r.referrer_id),
  credit_score: Number(r.credit_score),
  created_at: Number(r.created_at),
});

/** The statements over the whole user row (the accounts area's own; other areas use Accounts). */
const STATEMENTS = {
  byAccount: sql<[account: string], UserRow>('select * from users where account = ?', toUser),
  byPromo: sql<[promoCode: string], UserRow>('select * from users where promo_code = ?', toUser),
  byId: sql<[userId: number], UserRow>('select * from users where id = ?', toUser),
  insert: sql<
    [
      account: string,
      kind: AccountKind,
      passwordHash: string,
      promoCode: string,
      referrerId: number | null,
      createdAt: number,
    ],
    UserRow
  >(
    `insert into users (account, account_kind, password_hash, trade_password_hash, promo_code, referrer_id,
       level, created_at)
     values (?, ?, ?, null, ?, ?, 'member', ?) returning *`,
    toUser,
  ),
  setPasswordHash: sql<[hash: string, userId: number]>('update users set password_hash = ? where id = ?'),
  setTradePasswordHash: sql<[hash: string, userId: number]>(
    'update users set trade_password_hash = ? where id = ?',
  ),
};

const prepared = new WeakMap<SqliteDb, PreparedSet<typeof STATEMENTS>>();

/** The user row statements on this connection, each prepared once, at its first use. */
function usersOn(sqlite: SqliteDb): PreparedSet<typeof STATEMENTS> {
  let q = prepared.get(sqlite);
  if (!q) prepared.set(sqlite, (q = prepareOnUse(sqlite, STATEMENTS)));
  return q;
}

/**
 * The canonical form of an account identifier: trimmed, and e-mails in lower case so that one
 * mailbox cannot register twice with different capitalisation.
 */
export function normalizeAccount(raw: string): string {
  const v = raw.trim();
  return accountKindOf(v) === 'email' ? v.toLowerCase() : v;
}

/** The app's view of a user row. */
export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    account: row.account,
    accountKind: row.account_kind,
    level: row.level,
    promoCode: row.promo_code,
    creditScore: row.credit_score,
    kyc: row.kyc,
    hasTradePassword: row.trade_password_hash !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The user with this (normalized) account name, or undefined. */
export function findUserByAccount(sqlite: SqliteDb, account: string): UserRow | undefined {
  return usersOn(sqlite).byAccount.get(account);
}

/** The user whose promotion code this is (any case, spaces around ignored), or undefined. */
export function findUserByPromo(sqlite: SqliteDb, promo: string): UserRow | undefined {
  return usersOn(sqlite).byPromo.get(promo.trim().toUpperCase());
}

/** The row of a signed-in user; a session whose user vanished counts as invalid. */
export function requireUser(sqlite: SqliteDb, userId: number): UserRow {
  const row = usersOn(sqlite).byId.get(userId);
  if (!row) throw loginRequired();
  return row;
}

/** Signals that the account was registered concurrently by someone else. */
export class AccountTakenError extends Error {}

const isUniqueViolation = (err: unknown, column: string): boolean =>
  err instanceof Error &&
  (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
  err.message.includes(column);

/** Inserts a member with a fresh unique promotion code. Throws AccountTakenError on a duplicate account. */
export function createUser(
  sqlite: SqliteDb,
  input: { account: string; kind: AccountKind; passwordHash: string; referrerId: number | null; now: number },
): UserRow {
  const q = usersOn(sqlite);
  const { account, kind, passwordHash, referrerId, now } = input;
  for (let attempt = 0; ; attempt++) {
    try {
      return q.insert.get(account, kind, passwordHash, newPromoCode(), referrerId, now)!;
    } catch (err) {
      if (isUniqueViolation(err, 'users.account')) throw new AccountTakenError();
      // 31^8 codes make a collision rare; retrying a few times makes it practically impossible.
      if (isUniqueViolation(err, 'users.promo_code') && attempt < 5) continue;
      throw err;
    }
  }
}

/** Sets the login password hash. */
export function setPasswordHash(sqlite: SqliteDb, userId: number, passwordHash: string): void {
  usersOn(sqlite).setPasswordHash.run(passwordHash, userId);
}

/** Sets the trade password hash. */
export function setTradePasswordHash(sqlite: SqliteDb, userId: number, hash: string): void {
  usersOn(sqlite).setTradePasswordHash.run(hash, userId);
}
