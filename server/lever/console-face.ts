import { fromUnits, type OpsUserDetail, type PairInfo } from '../../domain';
import { big, sql, statementsPerEngine, sumUnits, type Engine } from '../db';
import { PairUnits } from '../shared/units';

/** What the operator console reads of the lever tables (read-only; sums are whole-table scans). */
const STATEMENTS = {
  positionsOf: sql<
    [userId: number, limit: number],
    {
      id: number;
      symbol: string;
      side: string;
      hands: number;
      marginUnits: bigint;
      openTicks: number | null;
      openedAt: number | null;
    }
  >(
    `select id, symbol, side, hands, margin_units, open_ticks, opened_at from lever_orders
     where user_id = ? and status = 'trading' order by id desc limit ?`,
    (r) => ({
      id: Number(r.id),
      symbol: r.symbol as string,
      side: r.side as string,
      hands: Number(r.hands),
      marginUnits: big(r.margin_units),
      openTicks: r.open_ticks === null ? null : Number(r.open_ticks),
      openedAt: r.opened_at === null ? null : Number(r.opened_at),
    }),
  ),
  handsBySide: sql<[], { symbol: string; side: string; hands: bigint }>(
    `select symbol, side, sum(hands) as hands from lever_orders
     where status in ('entrusting', 'trading') group by symbol, side`,
    (r) => ({ symbol: r.symbol as string, side: r.side as string, hands: sumUnits(r.hands) }),
  ),
  moneyByCoin: sql<[], { coin: string; margin: bigint; userPnl: bigint; fees: bigint }>(
    `select coin,
       sum(case when status in ('entrusting', 'trading', 'closing') then margin_units else 0 end) as margin,
       sum(case when status = 'closed' then coalesce(pnl_units, 0) else 0 end) as pnl,
       sum(case when status in ('trading', 'closing', 'closed')
                then open_fee_units + close_fee_units + overnight_units else 0 end) as fees
     from lever_orders group by coin`,
    (r) => ({
      coin: r.coin as string,
      margin: sumUnits(r.margin),
      userPnl: sumUnits(r.pnl),
      fees: sumUnits(r.fees),
    }),
  ),
};

const on = statementsPerEngine(STATEMENTS, { bigints: true });

/** A user's open contract positions (newest first, at most `limit`); `lots` counts hands. */
export async function openLeverPositions(
  engine: Engine,
  pairs: readonly PairInfo[],
  userId: number,
  limit = 100,
): Promise<OpsUserDetail['positions']> {
  const units = new Map(pairs.map((p) => [p.symbol, new PairUnits(p)]));
  return (await on(engine).positionsOf.all(userId, limit)).map((p) => {
    const u = units.get(p.symbol);
    return {
      id: p.id,
      symbol: p.symbol,
      side: p.side,
      lots: String(p.hands),
      margin: fromUnits(p.marginUnits),
      openPrice: p.openTicks === null ? '' : u ? u.price(p.openTicks) : String(p.openTicks),
      openedAt: p.openedAt ?? 0,
    };
  });
}

/**
 * The house's side of the contracts, decimal strings: per pair the hands users hold long and short
 * and the net (the house holds the other side), per margin coin the margin held, the users' realised
 * profit on closed positions (the house's result is its negative) and the fees charged.
 */
export async function leverHouseLines(engine: Engine): Promise<Record<string, string>> {
  const q = on(engine);
  const lines: Record<string, string> = {};
  const net = new Map<string, bigint>();
  for (const r of await q.handsBySide.all()) {
    lines[`hands.${r.symbol}.${r.side}`] = r.hands.toString();
    net.set(r.symbol, (net.get(r.symbol) ?? 0n) + (r.side === 'long' ? r.hands : -r.hands));
  }
  for (const [symbol, n] of net) lines[`hands.${symbol}.net`] = n.toString();
  for (const r of await q.moneyByCoin.all()) {
    lines[`margin.${r.coin}`] = fromUnits(r.margin);
    lines[`usersPnl.${r.coin}`] = fromUnits(r.userPnl);
    lines[`houseResult.${r.coin}`] = fromUnits(-r.userPnl);
    lines[`fees.${r.coin}`] = fromUnits(r.fees);
  }
  return lines;
}
