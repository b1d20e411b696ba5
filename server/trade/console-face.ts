import { fromUnits, type OpsUserDetail, type PairInfo } from '../../domain';
import { bigOrNull, sql, statementsPerEngine, sumUnits, type Engine } from '../db';
import { PairUnits } from '../shared/units';

/** The statements the operator console reads spot orders with (read-only). */
const STATEMENTS = {
  openOf: sql<
    [userId: number, limit: number],
    {
      id: number;
      symbol: string;
      side: string;
      priceTicks: number | null;
      lots: number | null;
      budgetUnits: bigint | null;
      filledLots: number;
      createdAt: number;
    }
  >(
    `select id, symbol, side, price_ticks, lots, budget_units, filled_lots, created_at from spot_orders
     where user_id = ? and status = 'open' order by id desc limit ?`,
    (r) => ({
      id: Number(r.id),
      symbol: r.symbol as string,
      side: r.side as string,
      priceTicks: r.price_ticks === null ? null : Number(r.price_ticks),
      lots: r.lots === null ? null : Number(r.lots),
      budgetUnits: bigOrNull(r.budget_units),
      filledLots: Number(r.filled_lots),
      createdAt: Number(r.created_at),
    }),
  ),
  // A whole-table scan: the console asks on demand, never on a timer.
  feesBySide: sql<[], { symbol: string; side: string; fees: bigint }>(
    'select symbol, side, sum(fee_units) as fees from spot_orders group by symbol, side',
    (r) => ({ symbol: r.symbol as string, side: r.side as string, fees: sumUnits(r.fees) }),
  ),
};

const on = statementsPerEngine(STATEMENTS, { bigints: true });

/**
 * A user's open spot orders as the operator console shows them (newest first, at most `limit`):
 * price and quantity in the pair's decimals; a market buy by budget shows its budget as `amount`.
 */
export async function openSpotOrders(
  engine: Engine,
  pairs: readonly PairInfo[],
  userId: number,
  limit = 100,
): Promise<OpsUserDetail['openOrders']> {
  const units = new Map(pairs.map((p) => [p.symbol, new PairUnits(p)]));
  return (await on(engine).openOf.all(userId, limit)).map((o) => {
    const u = units.get(o.symbol);
    const amount = o.lots !== null ? (u ? u.qty(o.lots) : String(o.lots)) : fromUnits(o.budgetUnits ?? 0n);
    return {
      id: o.id,
      symbol: o.symbol,
      side: o.side,
      price: o.priceTicks === null ? '' : u ? u.price(o.priceTicks) : String(o.priceTicks),
      amount,
      filled: u ? u.qty(o.filledLots) : String(o.filledLots),
      createdAt: o.createdAt,
    };
  });
}

/**
 * The fees spot trading has charged, per coin (`fees.<COIN>`), decimal strings: a buyer pays in the
 * base coin, a seller in the quote coin. Gross, before referral rebates (those are journal lines of
 * their own).
 */
export async function spotHouseLines(
  engine: Engine,
  pairs: readonly PairInfo[],
): Promise<Record<string, string>> {
  const bySymbol = new Map(pairs.map((p) => [p.symbol, p]));
  const sums = new Map<string, bigint>();
  for (const r of await on(engine).feesBySide.all()) {
    const pair = bySymbol.get(r.symbol);
    const coin = pair ? (r.side === 'buy' ? pair.base : pair.quote) : r.symbol;
    sums.set(coin, (sums.get(coin) ?? 0n) + r.fees);
  }
  return Object.fromEntries([...sums].sort().map(([coin, units]) => [`fees.${coin}`, fromUnits(units)]));
}
