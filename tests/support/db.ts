import type { Database as SqliteDb } from 'better-sqlite3';
import { toUnits, type AccountType } from '../../domain';
import { allMigrations } from '../../server/app';
import type { Writer } from '../../server/db';
import { openDatabase, type Db } from '../../server/db/module';
import { Ledger, WORLD_USER_ID, type BalanceAuthority } from '../../server/ledger';

export type { Db } from '../../server/db/module';

/**
 * Opens a database (`:memory:` by default) with every area's migrations applied, as the server
 * opens it: for unit tests that drive a store or service without the HTTP server. `db.engine` is
 * what stores bind to; `db.sqlite` is for a test's own set-up rows.
 */
export function openTestDatabase(dataDir = ':memory:'): Promise<Db> {
  return openDatabase(dataDir, allMigrations());
}

/** A test database with the process's Ledger on it, as the server opens them. */
export async function openTestLedger(
  dataDir = ':memory:',
  authority: BalanceAuthority = 'database',
): Promise<Db & { ledger: Ledger }> {
  const db = await openTestDatabase(dataDir);
  return { ...db, ledger: await Ledger.open(db.engine, authority) };
}

/** The names of every schema step, in the order they apply (a step's parts share its name). */
export function stepNames(): string[] {
  return [...new Set(allMigrations().map((m) => m.name))].sort();
}

/** Every migration up to and including step `name`: what a database built before the next step had. */
export function migrationsUpTo(name: string) {
  return allMigrations().filter((m) => m.name <= name);
}

/** Adds user `id` to a test database: a member by mobile number `1000000000<id>`, promo code `PROMO00<id>`. */
export function insertUser(sqlite: SqliteDb, id: number): void {
  sqlite
    .prepare(
      `insert into users (id, account, account_kind, password_hash, promo_code, level, created_at)
       values (?, ?, 'mobile', 'x', ?, 'member', 0)`,
    )
    .run(id, `1000000000${id}`, `PROMO00${id}`);
}

/**
 * Credits `amount` (decimal string) of `coin` to the user's `account` from the world holder,
 * journaled: a writer command of its own unless the caller runs inside one.
 */
export async function grantFunds(
  ledger: Ledger,
  writer: Writer,
  userId: number,
  amount: string,
  coin = 'USDT',
  account: AccountType = 'spot',
): Promise<void> {
  await writer.run(() =>
    ledger.transfer(
      { kind: 'test.grant', refType: 'users', refId: String(userId), actor: 'test' },
      { userId: WORLD_USER_ID, account, coin },
      { userId, account, coin },
      toUnits(amount),
    ),
  );
}
