import { sql, statementsOf, type Engine } from '../../db';

const STATEMENTS = {
  locked: sql<[userId: number, coin: string], bigint>(
    `select sum(amount) as total from crypto_deposits
       where user_id = ? and coin = ? and status = 'credited'`,
    // No row sums to null; PostgreSQL's sum of integers arrives as a decimal string.
    (r) => (r.total === null || r.total === undefined ? 0n : BigInt(r.total as bigint | string)),
  ),
};

/**
 * Credited deposits still short of their final confirmation count, per user and coin, in ledger
 * minor units. Such money may be traded but not withdrawn (spec §9: credited after 1 confirmation,
 * withdrawable after 6), so withdrawals subtract it from the spot available balance. Inside a writer
 * command it reads the batch's rows, so a withdrawal's check sees the deposits credited before it.
 */
export function depositLocks(engine: Engine): (userId: number, coin: string) => Promise<bigint> {
  const q = statementsOf(engine, STATEMENTS, { bigints: true });
  return async (userId, coin) => (await q.locked.get(userId, coin)) ?? 0n;
}
