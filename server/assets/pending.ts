import { sql, statementsPerEngine, type Engine } from '../db';

const n = (r: Record<string, unknown>): number => Number(r.n);

/** The counts of what waits for an operator in this area (read-only). */
const STATEMENTS = {
  bankDeposits: sql<[], number>("select count(*) as n from bank_deposits where status = 'review'", n),
  withdrawals: sql<[], number>("select count(*) as n from withdrawals where status = 'review'", n),
};

const on = statementsPerEngine(STATEMENTS);

/** Bank deposits and withdrawals waiting for a reviewer (status `review`). */
export async function pendingAssetCounts(
  engine: Engine,
): Promise<{ bankDeposits: number; withdrawals: number }> {
  const q = on(engine);
  return { bankDeposits: (await q.bankDeposits.get()) ?? 0, withdrawals: (await q.withdrawals.get()) ?? 0 };
}
