import { sql, statementsOf, type Engine } from '../db';

/** A balance with the sums of its journal lines per field; integers are bigint. */
interface BalanceSums {
  user_id: bigint;
  account: string;
  coin: string;
  available: bigint;
  frozen: bigint;
  j_avail: bigint;
  j_frozen: bigint;
}

/** The last journal line of a holder's field, with the field's balance now. */
interface LastLine {
  user_id: bigint;
  account: string;
  coin: string;
  balance_after: bigint;
  current: bigint;
}

// PostgreSQL sums integers as `numeric`, which arrives as a decimal string: every figure goes through BigInt.
const big = (v: unknown) => BigInt(v as bigint | string);
const bigRow =
  <R>(...names: string[]) =>
  (r: Record<string, unknown>): R => {
    const out: Record<string, unknown> = { ...r };
    for (const n of names) out[n] = big(r[n]);
    return out as R;
  };

/** The checker's queries: rows that break an invariant, or the figures to compare. */
const CHECKS = {
  balanceSums: sql<[], BalanceSums>(
    `
    select b.user_id, b.account, b.coin, b.available, b.frozen,
      coalesce((select sum(delta) from journal j where j.user_id = b.user_id and j.account = b.account
                and j.coin = b.coin and j.field = 'available'), 0) as j_avail,
      coalesce((select sum(delta) from journal j where j.user_id = b.user_id and j.account = b.account
                and j.coin = b.coin and j.field = 'frozen'), 0) as j_frozen
    from balances b`,
    bigRow<BalanceSums>('user_id', 'available', 'frozen', 'j_avail', 'j_frozen'),
  ),
  lastLines: sql<[], LastLine>(
    `
    select j.user_id, j.account, j.coin, j.field, j.balance_after,
      case j.field when 'available' then b.available else b.frozen end as current
    from journal j join balances b using (user_id, account, coin)
    where j.id = (select max(id) from journal k where k.user_id = j.user_id and k.account = j.account
                  and k.coin = j.coin and k.field = j.field)`,
    bigRow<LastLine>('user_id', 'balance_after', 'current'),
  ),
  unbalancedTx: sql<[], { tx_id: bigint; coin: string; s: bigint }>(
    'select tx_id, coin, sum(delta) as s from journal group by tx_id, coin having sum(delta) <> 0',
    bigRow('tx_id', 's'),
  ),
  unconservedCoins: sql<[], { coin: string; s: bigint }>(
    'select coin, sum(available + frozen) as s from balances group by coin having sum(available + frozen) <> 0',
    bigRow('s'),
  ),
};

/**
 * Checks the ledger's invariants and returns every violation found (empty when sound):
 * each balance equals the sum of its journal and its last `balance_after`; no user balance is
 * negative; every transaction and every coin's grand total sums to zero (fees go to the house, money
 * from outside comes from the world holder, so nothing is created or lost).
 */
export async function ledgerViolations(engine: Engine): Promise<string[]> {
  const out: string[] = [];
  const q = statementsOf(engine, CHECKS, { bigints: true });

  for (const r of await q.balanceSums.all()) {
    const who = `${r.user_id}/${r.account}/${r.coin}`;
    if (r.available !== r.j_avail) out.push(`${who}: available ${r.available} != journal ${r.j_avail}`);
    if (r.frozen !== r.j_frozen) out.push(`${who}: frozen ${r.frozen} != journal ${r.j_frozen}`);
    if (r.user_id >= 1n && (r.available < 0n || r.frozen < 0n)) {
      out.push(`${who}: negative balance`);
    }
  }
  for (const r of await q.lastLines.all()) {
    if (r.balance_after !== r.current) {
      out.push(`${r.user_id}/${r.account}/${r.coin}: last balance_after ${r.balance_after} != ${r.current}`);
    }
  }
  for (const r of await q.unbalancedTx.all()) {
    out.push(`tx ${r.tx_id} ${r.coin}: sums to ${r.s}`);
  }
  for (const r of await q.unconservedCoins.all()) {
    out.push(`coin ${r.coin}: total ${r.s} is not conserved`);
  }
  return out;
}
