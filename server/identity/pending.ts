import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

const n = (r: Record<string, unknown>): number => Number(r.n);

/** The counts of what waits for an operator in this area (read-only). */
const STATEMENTS = {
  kyc: sql<[], number>("select count(*) as n from identity_kyc where status = 'review'", n),
};

const bound = new WeakMap<Engine, AsyncPreparedSet<typeof STATEMENTS>>();

function on(engine: Engine): AsyncPreparedSet<typeof STATEMENTS> {
  let q = bound.get(engine);
  if (!q) bound.set(engine, (q = statementsOf(engine, STATEMENTS)));
  return q;
}

/** Identity verifications waiting for a reviewer (status `review`). */
export async function pendingKycCount(engine: Engine): Promise<number> {
  return (await on(engine).kyc.get()) ?? 0;
}
