import { fromUnits } from '../../domain';
import { sql, statementsPerEngine, sumUnits, type Engine } from '../db';

/** The options' money per stake coin (a whole-table scan: the console asks on demand). */
const STATEMENTS = {
  byCoin: sql<[], { coin: string; open: bigint; settled: bigint; paid: bigint }>(
    `select o.coin,
       sum(case when s.option_id is null then o.stake_units else 0 end) as open_stakes,
       sum(case when s.option_id is null then 0 else o.stake_units end) as settled_stakes,
       sum(coalesce(s.credited_units, 0)) as paid
     from second_options o left join second_settlements s on s.option_id = o.id
     group by o.coin`,
    (r) => ({
      coin: r.coin as string,
      open: sumUnits(r.open_stakes),
      settled: sumUnits(r.settled_stakes),
      paid: sumUnits(r.paid),
    }),
  ),
};

const on = statementsPerEngine(STATEMENTS, { bigints: true });

/**
 * The house's side of the options, per stake coin, decimal strings: stakes of options still open
 * (`stakesOpen`), stakes the house took on settled ones (`taken`), what it paid out on them (stake
 * and payout of the won and equal ones, `paidOut`) and the difference (`houseResult`).
 */
export async function secondHouseLines(engine: Engine): Promise<Record<string, string>> {
  const q = on(engine);
  const lines: Record<string, string> = {};
  for (const r of await q.byCoin.all()) {
    lines[`stakesOpen.${r.coin}`] = fromUnits(r.open);
    lines[`taken.${r.coin}`] = fromUnits(r.settled);
    lines[`paidOut.${r.coin}`] = fromUnits(r.paid);
    lines[`houseResult.${r.coin}`] = fromUnits(r.settled - r.paid);
  }
  return lines;
}
