import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

const n = (r: Record<string, unknown>): number => Number(r.n);

/** The counts of what waits for an operator in this area (read-only). */
const STATEMENTS = {
  bankDeposits: sql<[], number>("select count(*) as n from bank_deposits where status = 'review'", n),
  withdrawals: sql<[], number>("select count(*) as n from withdrawals where status = 'review'", n),
};

const bound = new WeakMap<Engine, AsyncPreparedSet<typeof STATEMENTS>>();

function on(engine: Engine): AsyncPreparedSet<typeof STATEMENTS> {
  let q = bound.get(engine);
  if (!q) bound.set(engine, (q = statementsOf(engine, STATEMENTS)));
  return q;
}

/** Bank deposits and withdrawals waiting for a reviewer (status `review`). */
export async function pendingAssetCounts(
  engine: Engine,
): Promise<{ bankDeposits: number; withdrawals: number }> {
  const q = on(engine);
  return { bankDeposits: (await q.bankDeposits.get()) ?? 0, withdrawals: (await q.withdrawals.get()) ?? 0 };
}
