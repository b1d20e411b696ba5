import { big, sql, statementsOf, type Engine } from '../db';

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

/**
 * The checker's queries: rows that break an invariant, or the figures to compare. Each reads the
 * journal in one grouped pass: a subquery per balance or per line costs a scan of the holder's lines
 * each time, which on PostgreSQL outlasts the statement timeout on a journal of some 100,000 lines.
 */
const CHECKS = {
  balanceSums: sql<[], BalanceSums>(
    `
    select b.user_id, b.account, b.coin, b.available, b.frozen,
      coalesce(s.j_avail, 0) as j_avail, coalesce(s.j_frozen, 0) as j_frozen
    from balances b left join (
      select user_id, account, coin,
        sum(case when field = 'available' then delta else 0 end) as j_avail,
        sum(case when field = 'frozen' then delta else 0 end) as j_frozen
      from journal group by user_id, account, coin
    ) s on s.user_id = b.user_id and s.account = b.account and s.coin = b.coin`,
    (r) => ({
      user_id: big(r.user_id),
      account: r.account as string,
      coin: r.coin as string,
      available: big(r.available),
      frozen: big(r.frozen),
      j_avail: big(r.j_avail),
      j_frozen: big(r.j_frozen),
    }),
  ),
  lastLines: sql<[], LastLine>(
    `
    select j.user_id, j.account, j.coin, j.field, j.balance_after,
      case j.field when 'available' then b.available else b.frozen end as current
    from (select max(id) as id from journal group by user_id, account, coin, field) m
    join journal j on j.id = m.id
    join balances b on b.user_id = j.user_id and b.account = j.account and b.coin = j.coin`,
    (r) => ({
      user_id: big(r.user_id),
      account: r.account as string,
      coin: r.coin as string,
      balance_after: big(r.balance_after),
      current: big(r.current),
    }),
  ),
  // `having` repeats the sum: PostgreSQL does not see the output name `s` there.
  unbalancedTx: sql<[], { tx_id: bigint; coin: string; s: bigint }>(
    'select tx_id, coin, sum(delta) as s from journal group by tx_id, coin having sum(delta) <> 0',
    (r) => ({ tx_id: big(r.tx_id), coin: r.coin as string, s: big(r.s) }),
  ),
  unconservedCoins: sql<[], { coin: string; s: bigint }>(
    'select coin, sum(available + frozen) as s from balances group by coin having sum(available + frozen) <> 0',
    (r) => ({ coin: r.coin as string, s: big(r.s) }),
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

const SUMS = {
  journalSums: sql<[], { key: string; sum: bigint }>(
    `select user_id, account, coin, field, sum(delta) as s from journal
     group by user_id, account, coin, field`,
    (r) => ({
      key: `${String(r.user_id)}/${String(r.account)}/${String(r.coin)}/${String(r.field)}`,
      sum: big(r.s),
    }),
  ),
};

/**
 * The journal's sum per holder, account, coin and field (`userId/account/coin/field` → minor units):
 * what a copy of the database must reproduce exactly (`ops db/copy`).
 */
export async function journalSums(engine: Engine): Promise<Map<string, bigint>> {
  const rows = await statementsOf(engine, SUMS, { bigints: true }).journalSums.all();
  return new Map(rows.map((r) => [r.key, r.sum]));
}
