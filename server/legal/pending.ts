import { sql, statementsPerEngine, type Engine } from '../db';

const n = (r: Record<string, unknown>): number => Number(r.n);

/** The counts of what waits for an operator in this area (read-only). */
const STATEMENTS = {
  applications: sql<[], number>("select count(*) as n from legal_applications where status = 'review'", n),
  appeals: sql<[], number>("select count(*) as n from legal_appeals where status = 'open'", n),
};

const on = statementsPerEngine(STATEMENTS);

/** Merchant applications (status `review`) and P2P appeals (status `open`) waiting for a reviewer. */
export async function pendingLegalCounts(
  engine: Engine,
): Promise<{ merchantApplications: number; appeals: number }> {
  const q = on(engine);
  return {
    merchantApplications: (await q.applications.get()) ?? 0,
    appeals: (await q.appeals.get()) ?? 0,
  };
}
