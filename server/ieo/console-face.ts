import { fromUnits } from '../../domain';
import { sql, statementsPerEngine, sumUnits, type Engine } from '../db';

/** The subscriptions' money per quote coin (whole-table scans: the console asks on demand). */
const STATEMENTS = {
  waitingByQuote: sql<[], { quote: string; units: bigint }>(
    `select p.quote, sum(c.amount_units) as units
     from ieo_commits c join ieo_projects p on p.id = c.project_id
     where not exists (select 1 from ieo_results r where r.project_id = c.project_id)
     group by p.quote`,
    (r) => ({ quote: r.quote as string, units: sumUnits(r.units) }),
  ),
  raisedByQuote: sql<[], { quote: string; units: bigint }>(
    `select p.quote, sum(a.cost_units) as units
     from ieo_allocations a join ieo_projects p on p.id = a.project_id group by p.quote`,
    (r) => ({ quote: r.quote as string, units: sumUnits(r.units) }),
  ),
};

const on = statementsPerEngine(STATEMENTS, { bigints: true });

/**
 * The IEOs per quote coin, decimal strings: subscriptions held while their project waits for its
 * allocation (`committed`) and what allocations charged (`raised`).
 */
export async function ieoHouseLines(engine: Engine): Promise<Record<string, string>> {
  const q = on(engine);
  const lines: Record<string, string> = {};
  for (const r of await q.waitingByQuote.all()) lines[`committed.${r.quote}`] = fromUnits(r.units);
  for (const r of await q.raisedByQuote.all()) lines[`raised.${r.quote}`] = fromUnits(r.units);
  return lines;
}
