import type { Database as SqliteDb } from 'better-sqlite3';

/**
 * Credited deposits still short of their final confirmation count, per user and coin, in ledger
 * minor units. Such money may be traded but not withdrawn (spec §9: credited after 1 confirmation,
 * withdrawable after 6), so withdrawals subtract it from the spot available balance.
 */
export function depositLocks(sqlite: SqliteDb): (userId: number, coin: string) => bigint {
  const stmt = sqlite
    .prepare<[number, string], { total: bigint | null }>(
      `select sum(amount) as total from crypto_deposits
       where user_id = ? and coin = ? and status = 'credited'`,
    )
    .safeIntegers(true);
  return (userId, coin) => stmt.get(userId, coin)?.total ?? 0n;
}
