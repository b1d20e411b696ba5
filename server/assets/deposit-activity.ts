import { sql, statementsByKey, type AsyncPrepared, type Engine } from '../db';
import { byListSize, idLists, placeholders, type IdListSize } from '../shared/id-lists';

/**
 * Which of a list of user ids had a deposit credited since an instant, one statement per list
 * length. The ids are a `values` table (its one column is `column1` on both engines), cast so
 * PostgreSQL compares them as integers.
 */
const DEPOSITED_SINCE = byListSize((size) =>
  sql<[...ids: number[], since: number, since2: number], number>(
    `select u.column1 as id from (values ${placeholders(size, '(cast(? as bigint))')}) u where
       exists (select 1 from crypto_deposits d where d.user_id = u.column1 and d.credited_at >= ?)
       or exists (select 1 from bank_deposits b
         where b.user_id = u.column1 and b.status = 'confirmed' and b.decided_at >= ?)`,
    (r) => Number(r.id),
  ),
);

/**
 * The assets area's face on its deposits for the other areas: which users had money credited
 * (a crypto deposit credited, or a bank-card deposit confirmed) since an instant, as the team's
 * "active member" needs. Read-only; each connection prepares a statement on its first use.
 */
export class DepositActivity {
  readonly #depositedSince: (
    size: IdListSize,
  ) => AsyncPrepared<[...ids: number[], since: number, since2: number], number>;

  constructor(engine: Engine) {
    this.#depositedSince = statementsByKey(engine, DEPOSITED_SINCE);
  }

  /** The users among `userIds` with a deposit credited at or after `since` (ms since the epoch). */
  async depositedSince(userIds: Iterable<number>, since: number): Promise<Set<number>> {
    const out = new Set<number>();
    for (const list of idLists(userIds)) {
      for (const id of await this.#depositedSince(list.size).all(...list.ids, since, since)) out.add(id);
    }
    return out;
  }
}
