import { fromUnits } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

// BigInt(String()): SQLite gives bigints here, PostgreSQL sums as strings.
const big = (v: unknown): bigint => BigInt(String(v ?? 0));

/** The subscriptions' money per quote coin (whole-table scans: the console asks on demand). */
const STATEMENTS = {
  waitingByQuote: sql<[], { quote: string; units: bigint }>(
    `select p.quote, sum(c.amount_units) as units
     from ieo_commits c join ieo_projects p on p.id = c.project_id
     where not exists (select 1 from ieo_results r where r.project_id = c.project_id)
     group by p.quote`,
    (r) => ({ quote: r.quote as string, units: big(r.units) }),
  ),
  raisedByQuote: sql<[], { quote: string; units: bigint }>(
    `select p.quote, sum(a.cost_units) as units
     from ieo_allocations a join ieo_projects p on p.id = a.project_id group by p.quote`,
    (r) => ({ quote: r.quote as string, units: big(r.units) }),
  ),
};

const bound = new WeakMap<Engine, AsyncPreparedSet<typeof STATEMENTS>>();

/**
 * The IEOs per quote coin, decimal strings: subscriptions held while their project waits for its
 * allocation (`committed`) and what allocations charged (`raised`).
 */
export async function ieoHouseLines(engine: Engine): Promise<Record<string, string>> {
  let q = bound.get(engine);
  if (!q) bound.set(engine, (q = statementsOf(engine, STATEMENTS, { bigints: true })));
  const lines: Record<string, string> = {};
  for (const r of await q.waitingByQuote.all()) lines[`committed.${r.quote}`] = fromUnits(r.units);
  for (const r of await q.raisedByQuote.all()) lines[`raised.${r.quote}`] = fromUnits(r.units);
  return lines;
}
