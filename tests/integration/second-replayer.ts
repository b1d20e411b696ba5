// An independent replayer of timed options. It reads only the database — `spot_trades`,
// `second_options`, `second_settlements` and the ledger's `journal` — and recomputes every settled
// option from the published rule with its own queries and arithmetic. It imports nothing of the
// server or domain/.
import Decimal from 'decimal.js';
import type { ServerDb } from '../support/server-db';

/** What the replayer found. */
export interface ReplayReport {
  /** Settled options checked. */
  checked: number;
  /** One line per disagreement; empty when every option matches. */
  mismatches: string[];
}

interface Opt {
  id: number;
  user_id: number;
  symbol: string;
  direction: 'up' | 'down';
  seconds: number;
  stake_units: bigint;
  payout_rate: string;
  entry_trade_id: number;
  entry_price: string;
  accepted_at: number;
  expires_at: number;
  exit_trade_id: number;
  exit_price: string;
  result: string;
  credited_units: bigint;
  settle_tx_id: number;
  rule: string;
}

/** What one settlement transaction should move: per user, frozen and available; the house's net. */
interface Expected {
  frozen: Map<number, bigint>;
  available: Map<number, bigint>;
  house: bigint;
}

/**
 * Rule (domain/second-rules.ts, restated here on purpose): entry = the pair's last trade strictly
 * before the accept millisecond; exit = its last trade at or before expiry; up wins when exit >
 * entry, down when exit < entry, equal returns the stake; a win credits stake × (1 + rate) floored
 * to `stakeDecimals`. `tickSizes` converts stored ticks to prices (catalog data, not code). `db`
 * reads integers as bigints.
 */
export async function replayOptions(
  db: ServerDb,
  tickSizes: Record<string, string>,
  stakeDecimals: number,
): Promise<ReplayReport> {
  const mismatches: string[] = [];
  const opts = await db.all(
    `select o.*, s.exit_trade_id, s.exit_price, s.result, s.credited_units, s.settle_tx_id, s.rule
     from second_options o join second_settlements s on s.option_id = o.id order by o.id`,
  );
  const trade = async (text: string, symbol: string, ts: number) => {
    const row = await db.get<{ id: bigint; price_ticks: bigint }>(text, symbol, ts);
    return row && { id: Number(row.id), price_ticks: Number(row.price_ticks) };
  };
  const entryQ = (symbol: string, ts: number) =>
    trade(
      'select id, price_ticks from spot_trades where symbol = ? and ts < ? order by id desc limit 1',
      symbol,
      ts,
    );
  const exitQ = (symbol: string, ts: number) =>
    trade(
      'select id, price_ticks from spot_trades where symbol = ? and ts <= ? order by id desc limit 1',
      symbol,
      ts,
    );
  const linesQ = (txId: number) =>
    db.all<{ user_id: bigint; account: string; field: string; delta: bigint }>(
      'select user_id, account, field, delta from journal where tx_id = ?',
      txId,
    );
  const unit = new Decimal('1e8');
  const expected = new Map<number, Expected>();

  for (const raw of opts) {
    const o = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [
        k,
        typeof v === 'bigint' && !k.endsWith('_units') ? Number(v) : v,
      ]),
    ) as unknown as Opt;
    const bad = (what: string) => mismatches.push(`option ${o.id}: ${what}`);
    const tick = tickSizes[o.symbol];
    if (!tick) {
      bad(`no tick size for ${o.symbol}`);
      continue;
    }
    if (o.expires_at !== o.accepted_at + o.seconds * 1000) bad('expiry is not accept + duration');
    const entry = await entryQ(o.symbol, o.accepted_at);
    const exit = await exitQ(o.symbol, o.expires_at);
    if (!entry || entry.id !== o.entry_trade_id) bad(`entry trade ${o.entry_trade_id} != ${entry?.id}`);
    if (!exit || exit.id !== o.exit_trade_id) bad(`exit trade ${o.exit_trade_id} != ${exit?.id}`);
    if (!entry || !exit) continue;
    const price = (ticks: number) => new Decimal(ticks).times(tick);
    if (!price(entry.price_ticks).eq(o.entry_price)) bad(`entry price ${o.entry_price}`);
    if (!price(exit.price_ticks).eq(o.exit_price)) bad(`exit price ${o.exit_price}`);
    const diff = exit.price_ticks - entry.price_ticks;
    const result = diff === 0 ? 'equal' : diff > 0 === (o.direction === 'up') ? 'won' : 'lost';
    if (result !== o.result) bad(`result ${o.result} != ${result}`);
    const stake = new Decimal(o.stake_units.toString()).div(unit);
    const payout = stake
      .times(new Decimal(1).plus(o.payout_rate))
      .toDecimalPlaces(stakeDecimals, Decimal.ROUND_FLOOR);
    const credited = result === 'won' ? payout : result === 'equal' ? stake : new Decimal(0);
    const creditedUnits = BigInt(credited.times(unit).toFixed(0));
    if (creditedUnits !== o.credited_units) bad(`credited ${o.credited_units} != ${creditedUnits}`);
    if (o.rule !== 'expiry') bad(`rule ${o.rule}`);
    // The option's share of its settlement transaction: the stake leaves the frozen balance, the
    // credit arrives, and the house takes or pays the difference. Options settled together with the
    // same result share one transaction, netted per holder.
    let e = expected.get(o.settle_tx_id);
    if (!e) expected.set(o.settle_tx_id, (e = { frozen: new Map(), available: new Map(), house: 0n }));
    e.frozen.set(o.user_id, (e.frozen.get(o.user_id) ?? 0n) - o.stake_units);
    e.available.set(o.user_id, (e.available.get(o.user_id) ?? 0n) + creditedUnits);
    e.house += o.stake_units - creditedUnits;
  }
  for (const [txId, e] of expected) {
    const bad = (what: string) => mismatches.push(`settlement tx ${txId}: ${what}`);
    const frozen = new Map<number, bigint>();
    const available = new Map<number, bigint>();
    let house = 0n;
    for (const l of await linesQ(txId)) {
      const user = Number(l.user_id);
      if (l.account !== 'second') bad(`ledger line on ${l.account}`);
      if (user === 0) house += l.delta;
      else if (!e.frozen.has(user)) bad(`ledger line of user ${user}, who has no option in it`);
      else {
        const m = l.field === 'frozen' ? frozen : available;
        m.set(user, (m.get(user) ?? 0n) + l.delta);
      }
    }
    for (const [user, want] of e.frozen) {
      if ((frozen.get(user) ?? 0n) !== want)
        bad(`user ${user} frozen moved ${frozen.get(user)}, not ${want}`);
      const credit = e.available.get(user)!;
      if ((available.get(user) ?? 0n) !== credit)
        bad(`user ${user} available moved ${available.get(user)}, not ${credit}`);
    }
    if (house !== e.house) bad(`house moved ${house}, not ${e.house}`);
  }
  return { checked: opts.length, mismatches };
}
