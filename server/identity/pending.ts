import { sql, statementsPerEngine, type Engine } from '../db';

const n = (r: Record<string, unknown>): number => Number(r.n);

/** The counts of what waits for an operator in this area (read-only). */
const STATEMENTS = {
  kyc: sql<[], number>("select count(*) as n from identity_kyc where status = 'review'", n),
};

const on = statementsPerEngine(STATEMENTS);

/** Identity verifications waiting for a reviewer (status `review`). */
export async function pendingKycCount(engine: Engine): Promise<number> {
  return (await on(engine).kyc.get()) ?? 0;
}
