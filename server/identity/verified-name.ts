import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import { accounts } from '../mine';

/**
 * The real names identity verification confirmed, for other areas (the fiat area compares a payee's
 * name with it). A database without the identity tables (a test schema of another area) has none.
 */
export class VerifiedNames {
  /** Null when the database has no `identity_kyc`. */
  readonly #latestVerified: Statement | null;

  constructor(private readonly sqlite: SqliteDb) {
    const present = sqlite
      .prepare(`select 1 from sqlite_master where type = 'table' and name = 'identity_kyc'`)
      .get();
    this.#latestVerified = present
      ? sqlite
          .prepare(
            `select name from identity_kyc where user_id = ? and status = 'verified' order by id desc limit 1`,
          )
          .pluck()
      : null;
  }

  /** The name of the user's latest verified submission while the user is verified, else null. */
  verifiedName(userId: number): string | null {
    if (!this.#latestVerified) return null;
    if (accounts(this.sqlite).kycOf(userId) !== 'verified') return null;
    return (this.#latestVerified.get(userId) as string | undefined) ?? null;
  }
}
