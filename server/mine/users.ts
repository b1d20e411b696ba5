import { accountKindOf, type AccountKind, type UserInfo } from '../../domain';
import { sql, statementsPerEngine, type Engine, type UserRow } from '../db';
import { loginRequired } from '../http';
import { newPromoCode } from './tokens';

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toUser = (r: Record<string, unknown>): UserRow => ({
  ...(r as unknown as UserRow),
  id: Number(r.id),
  referrer_id: r.referrer_id === null ? null : Number(r.referrer_id),
  credit_score: Number(r.credit_score),
  created_at: Number(r.created_at),
  frozen_at: r.frozen_at === null || r.frozen_at === undefined ? null : Number(r.frozen_at),
  freeze_reason: (r.freeze_reason as string | null | undefined) ?? null,
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

/** The user row statements on this engine, bound once. */
const usersOn = statementsPerEngine(STATEMENTS);

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

/**
 * The user with this (normalized) account name, or undefined. Outside a command it sees committed
 * rows only; inside one, the batch's own writes too.
 */
export function findUserByAccount(engine: Engine, account: string): Promise<UserRow | undefined> {
  return usersOn(engine).byAccount.get(account);
}

/** The user whose promotion code this is (any case, spaces around ignored), or undefined. */
export function findUserByPromo(engine: Engine, promo: string): Promise<UserRow | undefined> {
  return usersOn(engine).byPromo.get(promo.trim().toUpperCase());
}

/** The row of a signed-in user; a session whose user vanished counts as invalid. */
export async function requireUser(engine: Engine, userId: number): Promise<UserRow> {
  const row = await usersOn(engine).byId.get(userId);
  if (!row) throw loginRequired();
  return row;
}

/** Signals that the account was registered concurrently by someone else. */
export class AccountTakenError extends Error {}

/**
 * Whether `err` is a unique violation of `table.column`: SQLite names the column in its message
 * (`UNIQUE constraint failed: users.account`), PostgreSQL names the constraint (`users_account_key`,
 * its default name for a column's `unique`).
 */
function isUniqueViolation(err: unknown, table: string, column: string): boolean {
  if (!(err instanceof Error)) return false;
  const { code, constraint } = err as { code?: string; constraint?: string };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return err.message.includes(`${table}.${column}`);
  return code === '23505' && (constraint ?? err.message).includes(`${table}_${column}_key`);
}

/**
 * Inserts a member with a fresh unique promotion code and returns its row. Throws AccountTakenError
 * on a duplicate account (the unique index decides, inside the command, so two sign-ups of one
 * account cannot both succeed). Each attempt is a command of its own, or a savepoint inside the
 * caller's command: a failed insert leaves the caller's transaction usable (PostgreSQL aborts a
 * transaction on any error otherwise). Hash the password before: nothing slow runs in a command.
 */
export async function createUser(
  engine: Engine,
  input: { account: string; kind: AccountKind; passwordHash: string; referrerId: number | null; now: number },
): Promise<UserRow> {
  const q = usersOn(engine);
  const { account, kind, passwordHash, referrerId, now } = input;
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await engine.writer.run(() =>
        q.insert.get(account, kind, passwordHash, newPromoCode(), referrerId, now),
      );
      return row!;
    } catch (err) {
      if (isUniqueViolation(err, 'users', 'account')) throw new AccountTakenError();
      // 31^8 codes make a collision rare; retrying a few times makes it practically impossible.
      if (isUniqueViolation(err, 'users', 'promo_code') && attempt < 5) continue;
      throw err;
    }
  }
}

/** Sets the login password hash; inside a writer command. */
export async function setPasswordHash(engine: Engine, userId: number, passwordHash: string): Promise<void> {
  await usersOn(engine).setPasswordHash.run(passwordHash, userId);
}

/** Sets the trade password hash; inside a writer command. */
export async function setTradePasswordHash(engine: Engine, userId: number, hash: string): Promise<void> {
  await usersOn(engine).setTradePasswordHash.run(hash, userId);
}
