import { sql, statementsPerEngine, type Engine } from '../db';

const n = (r: Record<string, unknown>): number => Number(r.n);

/** The counts of what waits for an operator in this area (read-only). */
const STATEMENTS = {
  listings: sql<[], number>(
    "select count(*) as n from listing_applications where status in ('submitted', 'review')",
    n,
  ),
};

const on = statementsPerEngine(STATEMENTS);

/** Coin-listing applications not decided yet (`submitted` or in `review`). */
export async function pendingListingCount(engine: Engine): Promise<number> {
  return (await on(engine).listings.get()) ?? 0;
}
