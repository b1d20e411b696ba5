import type { Database as SqliteDb } from 'better-sqlite3';
import { prepareOnUse, sql, type PreparedSet } from '../db';
import { accounts } from '../mine';

/** The statements the verified names read, named by what they do. */
const STATEMENTS = {
  latestVerified: sql<[userId: number], string>(
    `select name from identity_kyc where user_id = ? and status = 'verified' order by id desc limit 1`,
    (r) => r.name as string,
  ),
};

/**
 * The real names identity verification confirmed, for other areas (the fiat area compares a payee's
 * name with it). The statement is prepared on first use: the migrations always create
 * `identity_kyc`, and a test schema of another area without it never asks.
 */
export class VerifiedNames {
  readonly #q: PreparedSet<typeof STATEMENTS>;

  constructor(private readonly sqlite: SqliteDb) {
    this.#q = prepareOnUse(sqlite, STATEMENTS);
  }

  /** The name of the user's latest verified submission while the user is verified, else null. */
  verifiedName(userId: number): string | null {
    if (accounts(this.sqlite).kycOf(userId) !== 'verified') return null;
    return this.#q.latestVerified.get(userId) ?? null;
  }
}
