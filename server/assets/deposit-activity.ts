import type { Database as SqliteDb, Statement } from 'better-sqlite3';

/**
 * The assets area's face on its deposits for the other areas: which users had money credited
 * (a crypto deposit credited, or a bank-card deposit confirmed) since an instant, as the team's
 * "active member" needs. Read-only; the statement is prepared on first use.
 */
export class DepositActivity {
  #depositedSince: Statement | undefined;

  constructor(private readonly sqlite: SqliteDb) {}

  /** The users among `userIds` with a deposit credited at or after `since` (ms since the epoch). */
  depositedSince(userIds: Iterable<number>, since: number): Set<number> {
    this.#depositedSince ??= this.sqlite
      .prepare(
        `select u.value from json_each(:ids) u where
           exists (select 1 from crypto_deposits d where d.user_id = u.value and d.credited_at >= :since)
           or exists (select 1 from bank_deposits b
             where b.user_id = u.value and b.status = 'confirmed' and b.decided_at >= :since)`,
      )
      .pluck();
    const ids = this.#depositedSince.all({ ids: JSON.stringify([...new Set(userIds)]), since }) as number[];
    return new Set(ids);
  }
}
