import type { Kysely } from 'kysely';
import { accountKindOf, type AccountKind, type UserInfo } from '../../domain';
import type { Database, UserRow } from '../db';
import { loginRequired } from '../http';
import { newPromoCode } from './tokens';

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

export function findUserByAccount(db: Kysely<Database>, account: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
}

export function findUserByPromo(db: Kysely<Database>, promo: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('promo_code', '=', promo.trim().toUpperCase())
    .executeTakeFirst();
}

/** The row of a signed-in user; a session whose user vanished counts as invalid. */
export async function requireUser(db: Kysely<Database>, userId: number): Promise<UserRow> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
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
export async function createUser(
  db: Kysely<Database>,
  input: { account: string; kind: AccountKind; passwordHash: string; referrerId: number | null; now: number },
): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .insertInto('users')
        .values({
          account: input.account,
          account_kind: input.kind,
          password_hash: input.passwordHash,
          trade_password_hash: null,
          promo_code: newPromoCode(),
          referrer_id: input.referrerId,
          level: 'member',
          created_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err, 'users.account')) throw new AccountTakenError();
      // 31^8 codes make a collision rare; retrying a few times makes it practically impossible.
      if (isUniqueViolation(err, 'users.promo_code') && attempt < 5) continue;
      throw err;
    }
  }
}

/** Sets the login password hash. */
export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Sets the trade password hash. */
export async function setTradePasswordHash(
  db: Kysely<Database>,
  userId: number,
  hash: string,
): Promise<void> {
  await db.updateTable('users').set({ trade_password_hash: hash }).where('id', '=', userId).execute();
}
