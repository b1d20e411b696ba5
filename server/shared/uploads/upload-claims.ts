import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../../db';

/**
 * A column of an area's table that names the uploads the area keeps (a deposit's proof, an identity
 * photo, a payment code …). An area declares its claims on its ServerModule (`uploadClaims`); an
 * upload no claim names is free to take, and swept a day after it was uploaded.
 */
export interface UploadClaim {
  /** The area's table. */
  table: string;
  /** The column of `table` holding upload ids. */
  column: string;
}

/** A plain SQL name: claims are spliced into statements, so nothing else may pass. */
const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The upload claims of one server, gathered from its modules before any registers (see `startServer`),
 * so this folder names no area's table. Each connection prepares a statement the first time it runs
 * it (the claiming tables exist by then).
 */
export class UploadClaims {
  readonly #claims: readonly UploadClaim[];
  readonly #q: AsyncPreparedSet<ReturnType<typeof claimStatements>>;

  constructor(engine: Engine, claims: readonly UploadClaim[]) {
    for (const c of claims) {
      if (!SQL_NAME.test(c.table) || !SQL_NAME.test(c.column)) {
        throw new Error(`invalid upload claim ${c.table}.${c.column}`);
      }
    }
    this.#claims = claims.map(({ table, column }) => ({ table, column }));
    this.#q = statementsOf(
      engine,
      claimStatements((idExpr) => this.unclaimedSql(idExpr)),
    );
  }

  /** SQL condition, true when no claim names the upload whose id is the expression `idExpr`. */
  unclaimedSql(idExpr: string): string {
    const parts = this.#claims.map(
      ({ table, column }) => `not exists (select 1 from ${table} where ${column} = ${idExpr})`,
    );
    // `1 = 1`, not `1`: PostgreSQL wants a boolean where SQLite takes any value.
    return parts.length ? parts.join(' and ') : '1 = 1';
  }

  /**
   * Whether some claim names upload `id`, whoever owns it. Inside a writer command it sees the
   * command's batch, so a claim decided and written in one command cannot race another.
   */
  async isClaimed(id: string): Promise<boolean> {
    return (await this.#q.claimed.get(id)) !== undefined;
  }

  /** Whether `userId` owns upload `id` and no claim names it yet (run it in the command that claims it). */
  async isFreeFor(id: string, userId: number): Promise<boolean> {
    return (await this.#q.free.get(id, userId)) !== undefined;
  }
}

/** The statements of UploadClaims: their text names every claiming table (`unclaimed`, see unclaimedSql). */
function claimStatements(unclaimed: (idExpr: string) => string) {
  return {
    // The id is bound once and each claim's condition names it as `u.id`; cast, as PostgreSQL
    // cannot tell the type of a parameter that is only selected.
    claimed: sql<[id: string], { found: 1 }>(
      `select 1 as found from (select cast(? as text) as id) u where not (${unclaimed('u.id')})`,
    ),
    free: sql<[id: string, userId: number], { found: 1 }>(
      `select 1 as found from uploads where id = ? and user_id = ? and ${unclaimed('uploads.id')}`,
    ),
  };
}
