import { fromUnits } from '../../domain';
import { sql, statementsPerEngine, sumUnits, type Engine } from '../db';

/** The lock-ups' money per coin (whole-table scans: the console asks on demand). */
const STATEMENTS = {
  lockedByCoin: sql<[], { coin: string; units: bigint }>(
    `select p.coin, sum(p.principal_units) as units from lockming_positions p
     where not exists (select 1 from lockming_endings e where e.position_id = p.id)
     group by p.coin`,
    (r) => ({ coin: r.coin as string, units: sumUnits(r.units) }),
  ),
  paidByCoin: sql<[], { coin: string; units: bigint }>(
    `select p.coin, sum(y.amount_units) as units
     from lockming_payouts y join lockming_positions p on p.id = y.position_id group by p.coin`,
    (r) => ({ coin: r.coin as string, units: sumUnits(r.units) }),
  ),
  forfeitedByCoin: sql<[], { coin: string; units: bigint }>(
    `select p.coin, sum(e.forfeited_units) as units
     from lockming_endings e join lockming_positions p on p.id = e.position_id group by p.coin`,
    (r) => ({ coin: r.coin as string, units: sumUnits(r.units) }),
  ),
};

const on = statementsPerEngine(STATEMENTS, { bigints: true });

/**
 * The lock-ups per coin, decimal strings: principal locked in positions not ended (`locked`), the
 * interest paid out (`interestPaid`) and what early redemptions forfeited (`forfeited`). The
 * reserve itself is the house's `finance` balance (the ledger's; the overview adds it).
 */
export async function lockmingHouseLines(engine: Engine): Promise<Record<string, string>> {
  const q = on(engine);
  const lines: Record<string, string> = {};
  for (const r of await q.lockedByCoin.all()) lines[`locked.${r.coin}`] = fromUnits(r.units);
  for (const r of await q.paidByCoin.all()) lines[`interestPaid.${r.coin}`] = fromUnits(r.units);
  for (const r of await q.forfeitedByCoin.all()) lines[`forfeited.${r.coin}`] = fromUnits(r.units);
  return lines;
}
