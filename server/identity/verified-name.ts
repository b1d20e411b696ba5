import type { Database as SqliteDb } from 'better-sqlite3';
import { prepareAll, sql, type PreparedSet } from '../db';
import { accounts } from '../mine';

/** Whether this database has the identity tables. */
const PROBE = {
  // SQLite-only: `sqlite_master` (PostgreSQL: `information_schema.tables`).
  hasKyc: sql<[], true>(
    `select 1 from sqlite_master where type = 'table' and name = 'identity_kyc'`,
    () => true,
  ),
};

/** The statements the verified names read, named by what they do. */
const STATEMENTS = {
  latestVerified: sql<[userId: number], string>(
    `select name from identity_kyc where user_id = ? and status = 'verified' order by id desc limit 1`,
    (r) => r.name as string,
  ),
};

/**
 * The real names identity verification confirmed, for other areas (the fiat area compares a payee's
 * name with it). A database without the identity tables (a test schema of another area) has none.
 */
export class VerifiedNames {
  /** Null when the database has no `identity_kyc`. */
  readonly #q: PreparedSet<typeof STATEMENTS> | null;

  constructor(private readonly sqlite: SqliteDb) {
    const present = prepareAll(sqlite, PROBE).hasKyc.get();
    this.#q = present ? prepareAll(sqlite, STATEMENTS) : null;
  }

  /** The name of the user's latest verified submission while the user is verified, else null. */
  verifiedName(userId: number): string | null {
    if (!this.#q) return null;
    if (accounts(this.sqlite).kycOf(userId) !== 'verified') return null;
    return this.#q.latestVerified.get(userId) ?? null;
  }
}
