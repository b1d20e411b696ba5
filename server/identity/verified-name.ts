import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
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
 * name with it). Every database the server opens has every area's tables (the composition root
 * applies all migrations, and so does `openTestDatabase`), so `identity_kyc` is always there; the
 * SQLite-only `sqlite_master` probe that covered a schema without it is gone with the engine split.
 */
export class VerifiedNames {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(private readonly engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** The name of the user's latest verified submission while the user is verified, else null. */
  async verifiedName(userId: number): Promise<string | null> {
    if ((await accounts(this.engine).kycOf(userId)) !== 'verified') return null;
    return (await this.#q.latestVerified.get(userId)) ?? null;
  }
}
