// An independent replayer of lock-up and savings payouts. It reads only the database —
// `lockming_products`, `lockming_positions`, `lockming_payouts`, `lockming_endings` and the ledger's
// `journal` — and recomputes every day's interest, every maturity and every redemption from the
// published rule with its own arithmetic. It imports nothing of the server or domain/.
import Decimal from 'decimal.js';
import type { ServerDb } from '../support/server-db';

const DAY = 86_400_000;

/** What the replayer found. */
export interface LockmingReplay {
  positions: number;
  payouts: number;
  mismatches: string[];
}

const n = (v: unknown) => Number(v as bigint);
const b = (v: unknown) => BigInt(v as bigint);

/**
 * Rule (domain/lockming-math.ts, restated here on purpose): a day's interest is principal × daily
 * rate, floored to the coin's decimals; payout instants are the daily UTC time `hhmm` strictly after
 * the lock, one a day; a lock has its product's number of days, savings one per instant up to the
 * product's expiry; the last payout comes with the principal. Early redemption of a lock gives back
 * the principal less the interest paid; of savings, the whole principal. `decimals` is catalog data.
 * Every position must have exactly the payouts due at `now`, no more, no fewer.
 */
export async function replayLockming(
  db: ServerDb,
  decimals: Record<string, number>,
  hhmm: string,
  now: number,
): Promise<LockmingReplay> {
  const bad: string[] = [];
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const offset = (h * 60 + m) * 60_000;
  const firstAfter = (t: number) => Math.floor((t - offset) / DAY) * DAY + offset + DAY;
  const positions = await db.all(
    `select p.*, pr.kind, pr.days as product_days, pr.closes_at, e.rule as end_rule, e.at as ended_at,
       e.returned_units, e.forfeited_units, e.released_units, e.tx_id as end_tx
     from lockming_positions p join lockming_products pr on pr.id = p.product_id
     left join lockming_endings e on e.position_id = p.id order by p.id`,
  );
  let payoutCount = 0;
  for (const p of positions) {
    const id = n(p.id);
    const principal = b(p.principal_units);
    const step = new Decimal(10).pow(8 - decimals[p.coin as string]!);
    // Interest in ledger units: principal units × rate, floored, then floored to whole coin steps.
    const raw = new Decimal(principal.toString()).mul(p.daily_rate as string).floor();
    const daily = BigInt(raw.div(step).floor().mul(step).toFixed(0));
    if (daily !== b(p.daily_units)) bad.push(`position ${id}: daily ${p.daily_units} != ${daily}`);
    const lockedAt = n(p.locked_at);
    const first = firstAfter(lockedAt);
    const days = p.kind === 'lock' ? n(p.product_days) : Math.floor((n(p.closes_at) - first) / DAY) + 1;
    if (days !== n(p.days)) bad.push(`position ${id}: days ${p.days} != ${days}`);
    if (first + (days - 1) * DAY !== n(p.matures_at)) bad.push(`position ${id}: matures_at ${p.matures_at}`);
    const payouts = await db.all('select * from lockming_payouts where position_id = ? order by day', id);
    payoutCount += payouts.length;
    const endAt = p.end_rule === 'redeem' ? n(p.ended_at) : now;
    const due = Math.min(days, Math.max(0, Math.floor((endAt - first) / DAY) + 1));
    if (payouts.length !== due) bad.push(`position ${id}: ${payouts.length} payouts, ${due} due`);
    let paid = 0n;
    for (const [i, a] of payouts.entries()) {
      const day = i + 1;
      const where = `position ${id} day ${day}`;
      if (n(a.day) !== day) bad.push(`${where}: stored as day ${a.day}`);
      if (n(a.at) !== first + (day - 1) * DAY) bad.push(`${where}: at ${a.at}`);
      if (b(a.amount_units) !== daily) bad.push(`${where}: amount ${a.amount_units} != ${daily}`);
      if (b(a.principal_units) !== principal || a.daily_rate !== p.daily_rate) bad.push(`${where}: inputs`);
      const last = day === days;
      if (a.rule !== (last ? 'maturity' : 'interest')) bad.push(`${where}: rule ${a.rule}`);
      const lines = await db.all('select * from journal where tx_id = ? order by id', n(a.tx_id));
      const userGot = lines
        .filter((l) => n(l.user_id) === n(p.user_id) && l.field === 'available' && l.account === 'finance')
        .reduce((s, l) => s + b(l.delta), 0n);
      const houseGave = lines
        .filter((l) => n(l.user_id) === 0 && l.field === 'frozen' && l.account === 'finance')
        .reduce((s, l) => s + b(l.delta), 0n);
      if (userGot !== daily + (last ? principal : 0n)) bad.push(`${where}: user credited ${userGot}`);
      if (houseGave !== -daily) bad.push(`${where}: house paid ${houseGave}`);
      paid += daily;
    }
    if (p.end_rule === 'maturity') {
      if (payouts.length !== days || b(p.returned_units) !== principal || n(p.ended_at) !== n(p.matures_at)) {
        bad.push(`position ${id}: maturity`);
      }
    } else if (p.end_rule === 'redeem') {
      const forfeited = p.kind === 'lock' ? (paid < principal ? paid : principal) : 0n;
      if (b(p.forfeited_units) !== forfeited)
        bad.push(`position ${id}: forfeited ${p.forfeited_units} != ${forfeited}`);
      if (b(p.returned_units) !== principal - forfeited)
        bad.push(`position ${id}: returned ${p.returned_units}`);
      if (b(p.released_units) !== BigInt(days) * daily - paid)
        bad.push(`position ${id}: released ${p.released_units}`);
      const lines = await db.all('select * from journal where tx_id = ?', n(p.end_tx));
      const userGot = lines
        .filter((l) => n(l.user_id) === n(p.user_id) && l.field === 'available')
        .reduce((s, l) => s + b(l.delta), 0n);
      if (userGot !== principal - forfeited) bad.push(`position ${id}: redeem credited ${userGot}`);
    }
  }
  return { positions: positions.length, payouts: payoutCount, mismatches: bad };
}

/**
 * The reference annualized yield of a product at `now` from its stored payouts of the past 3 days:
 * Σ amount ÷ Σ principal × 365, floored to 6 decimals; null without payouts.
 */
export async function replayReferenceYield(
  db: ServerDb,
  productId: number,
  now: number,
): Promise<string | null> {
  const rows = await db.all(
    `select a.amount_units, a.principal_units from lockming_payouts a
     join lockming_positions p on p.id = a.position_id where p.product_id = ? and a.at > ? and a.at <= ?`,
    productId,
    now - 3 * DAY,
    now,
  );
  let paid = new Decimal(0);
  let principal = new Decimal(0);
  for (const r of rows) {
    paid = paid.plus(String(r.amount_units));
    principal = principal.plus(String(r.principal_units));
  }
  if (principal.isZero()) return null;
  return paid.div(principal).mul(365).toDecimalPlaces(6, Decimal.ROUND_FLOOR).toFixed(6);
}
