// An independent replayer of IEO allocations. It reads only the database — `ieo_projects`,
// `ieo_commits`, `ieo_results`, `ieo_allocations` and the ledger's `journal` — and recomputes every
// allocation from the stored commits with the published rule, its own queries and arithmetic. It
// imports nothing of the server or domain/.
import Decimal from 'decimal.js';
import type { ServerDb } from '../support/server-db';

/** What the replayer found. */
export interface IeoReplayReport {
  /** Projects allocated and checked. */
  projects: number;
  /** Allocation rows checked. */
  allocations: number;
  /** One line per disagreement; empty when everything matches. */
  mismatches: string[];
}

const UNIT = new Decimal('1e8');
const units = (text: string) => BigInt(new Decimal(text).mul(UNIT).toFixed(0));
const big = (v: unknown) => BigInt(v as bigint);

/**
 * Rule (domain/ieo-math.ts, restated here on purpose): a lot costs lot × price of the quote coin;
 * with Σ commits ≤ total lots × lot cost each subscriber gets floor(commit ÷ lot cost) lots, else
 * floor(commit × total lots ÷ Σ commits); each pays lots × lot cost and gets the rest back; the
 * allocated coin is lots × lot. Each allocation's ledger transaction moves exactly that. `db` reads
 * integers as bigints.
 */
export async function replayIeo(db: ServerDb): Promise<IeoReplayReport> {
  const mismatches: string[] = [];
  const bad = (what: string) => mismatches.push(what);
  const projects = await db.all(
    `select p.id, p.coin, p.quote, p.account, p.price, p.lot, p.total, r.oversubscribed, r.all_commit_units,
       r.subscribers, r.allocated_lots, r.remainder_lots, r.issue_tx_id
     from ieo_projects p join ieo_results r on r.project_id = p.id order by p.id`,
  );
  let checked = 0;
  for (const p of projects) {
    const id = Number(p.id);
    const lot = units(p.lot as string);
    const total = units(p.total as string);
    const lotCost = (lot * units(p.price as string)) / 10n ** 8n;
    const totalLots = total / lot;
    const commits = await db.all(
      `select user_id, amount_units from ieo_commits where project_id = ? order by user_id, id`,
      id,
    );
    const perUser = new Map<number, bigint>();
    for (const c of commits)
      perUser.set(Number(c.user_id), (perUser.get(Number(c.user_id)) ?? 0n) + big(c.amount_units));
    const all = [...perUser.values()].reduce((s, v) => s + v, 0n);
    const over = all > totalLots * lotCost;
    if (big(p.all_commit_units) !== all) bad(`project ${id}: Σ commits ${p.all_commit_units} ≠ ${all}`);
    if ((Number(p.oversubscribed) === 1) !== over) bad(`project ${id}: oversubscribed flag`);
    if (Number(p.subscribers) !== perUser.size) bad(`project ${id}: subscribers`);
    const rows = await db.all(`select * from ieo_allocations where project_id = ? order by user_id`, id);
    if (rows.length !== perUser.size)
      bad(`project ${id}: ${rows.length} allocations for ${perUser.size} subscribers`);
    let lotsOut = 0n;
    for (const a of rows) {
      checked++;
      const user = Number(a.user_id);
      const commit = perUser.get(user) ?? 0n;
      const lots = over ? (commit * totalLots) / all : commit / lotCost;
      const cost = lots * lotCost;
      const want = { commit, lots, allocated: lots * lot, cost, refund: commit - cost };
      const got = {
        commit: big(a.commit_units),
        lots: big(a.lots),
        allocated: big(a.allocated_units),
        cost: big(a.cost_units),
        refund: big(a.refund_units),
      };
      for (const k of Object.keys(want) as Array<keyof typeof want>) {
        if (want[k] !== got[k]) bad(`project ${id} user ${user}: ${k} ${got[k]} ≠ ${want[k]}`);
      }
      lotsOut += lots;
      // The allocation's ledger transaction: the user's lines, by account, coin and field.
      const lines = await db.all(
        `select user_id, account, coin, field, delta from journal where tx_id = ? order by id`,
        a.tx_id,
      );
      const net = (u: number, account: string, coin: string, field: string) =>
        lines
          .filter(
            (l) => Number(l.user_id) === u && l.account === account && l.coin === coin && l.field === field,
          )
          .reduce((s, l) => s + big(l.delta), 0n);
      const account = p.account as string;
      if (net(user, account, p.quote as string, 'frozen') !== -commit)
        bad(`tx ${a.tx_id}: commit not unfrozen`);
      if (net(user, account, p.quote as string, 'available') !== want.refund) bad(`tx ${a.tx_id}: refund`);
      if (net(user, 'spot', p.coin as string, 'available') !== want.allocated)
        bad(`tx ${a.tx_id}: coin received`);
      if (net(0, 'spot', p.quote as string, 'available') !== cost) bad(`tx ${a.tx_id}: issuer's proceeds`);
    }
    if (big(p.allocated_lots) !== lotsOut)
      bad(`project ${id}: allocated lots ${p.allocated_lots} ≠ ${lotsOut}`);
    if (big(p.remainder_lots) !== totalLots - lotsOut) bad(`project ${id}: remainder`);
    const issue = await db.all(`select user_id, coin, delta from journal where tx_id = ?`, p.issue_tx_id);
    const issued = issue
      .filter((l) => Number(l.user_id) === 0 && l.coin === p.coin)
      .reduce((s, l) => s + big(l.delta), 0n);
    if (issued !== total) bad(`project ${id}: issued ${issued} ≠ total ${total}`);
  }
  return { projects: projects.length, allocations: checked, mismatches };
}
