import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** The statements over the deposit tables other areas read, named by what they do. */
const STATEMENTS = {
  // SQLite-only: `json_each(?)` over a JSON array of ids (PostgreSQL: `unnest(?::bigint[])`).
  depositedSince: sql<[ids: string, since: number, since2: number], number>(
    `select u.value as id from json_each(?) u where
       exists (select 1 from crypto_deposits d where d.user_id = u.value and d.credited_at >= ?)
       or exists (select 1 from bank_deposits b
         where b.user_id = u.value and b.status = 'confirmed' and b.decided_at >= ?)`,
    (r) => Number(r.id),
  ),
};

/**
 * The assets area's face on its deposits for the other areas: which users had money credited
 * (a crypto deposit credited, or a bank-card deposit confirmed) since an instant, as the team's
 * "active member" needs. Read-only; each connection prepares the statement on its first use.
 */
export class DepositActivity {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** The users among `userIds` with a deposit credited at or after `since` (ms since the epoch). */
  async depositedSince(userIds: Iterable<number>, since: number): Promise<Set<number>> {
    return new Set(await this.#q.depositedSince.all(JSON.stringify([...new Set(userIds)]), since, since));
  }
}
