import type { OrderSide as Side, PairInfo } from '../../domain';
import { fail, notFound, type AppError } from '../http';
import type { Holder } from '../ledger';
import type { PairUnits } from '../shared/units';
import type { OrderRow, TradeRow } from './order-store';
import type { ParsedPlace } from './validate';

// The shapes of one spot batch: what goes in (commands), what comes out after the commit.

/** A changed price level of one market: side, price in ticks, new total in lots (0 = gone). */
export type LevelChange = [side: Side, priceTicks: number, totalLots: number];

/** What one committed batch changed, handed to market data and private events after the commit. */
export interface BatchOutput {
  /** Per market, the level changes in engine order. */
  levels: Map<string, LevelChange[]>;
  trades: TradeRow[];
  /** Ids of orders whose row changed. */
  orders: Set<number>;
  /** Those orders' rows as the batch left them (copies, taken before the commit). */
  rows: OrderRow[];
  /** Users whose balances changed. */
  users: Set<number>;
}

/** What a bounded sell made: its order row as the command left it, its trades, its ledger transaction. */
export interface WithinFill {
  row: OrderRow;
  trades: TradeRow[];
  ledgerTxId: number;
}

/**
 * A market sell that fills whole at prices at or above a floor, or not at all (quick sell, issue 25).
 * The floor is enforced in the same command as the order, before the engine is touched: the bids at
 * or above `floorTicks` must cover every lot (none of them the seller's own), else the order is
 * refused and nothing changes. The engine then takes exactly those bids, as nothing else runs
 * between the check and the match (one command at a time, engines only change inside commands).
 */
export interface Within {
  /** Lowest price a fill may take, in ticks. */
  floorTicks: number;
  /**
   * Runs first inside the command, before any change, on the writer's connection: the caller's own
   * checks (its quote still good). Only reads; an AppError it throws refuses the order.
   */
  check(): Promise<void>;
  /**
   * Runs after the order settled, in the same command (so in the same transaction): the caller's
   * receipt. Anything it throws is a fault that refuses the whole batch.
   */
  record(fill: WithinFill): Promise<void>;
}

export type Command =
  | { kind: 'place'; userId: number; req: ParsedPlace; within?: Within; done: (r: OrderRow | Error) => void }
  | { kind: 'cancel'; userId: number; orderId: number; done: (r: OrderRow | Error) => void };

/** A cancel's refusal for an order the writer does not hold: `unheldCancelRefusal` says which, after the batch. */
export const NOT_HELD = new Error('order not held by the writer');

/**
 * The refusal of a cancel of an order the writer does not hold, from the order as committed (read
 * after the batch, so the read holds up no other command). The writer holds every open order, so
 * this one is not open, or open in a market the service no longer runs (taken out of the catalog).
 */
export function unheldCancelRefusal(row: OrderRow | undefined, userId: number): AppError {
  if (!row || row.userId !== userId) return notFound();
  if (row.status === 'open') return fail('marketClosed', 'symbol');
  return fail('orderNotOpen');
}

/** A command refused before anything was written; its error goes back to the caller. */
export class Refusal {
  constructor(readonly error: Error) {}
}

export function emptyOutput(): BatchOutput {
  return { levels: new Map(), trades: [], orders: new Set(), rows: [], users: new Set() };
}

/** What an order freezes until it fills or ends: the coin it pays with and how much (minor units). */
export function frozenBy(
  market: { pair: PairInfo; units: PairUnits },
  req: ParsedPlace,
): { coin: string; units: bigint } {
  const { pair, units } = market;
  if (req.side === 'sell') return { coin: pair.base, units: units.baseUnits(req.lots!) };
  if (req.type === 'market') return { coin: pair.quote, units: req.budgetUnits! };
  return { coin: pair.quote, units: units.quoteUnits(req.priceTicks!, req.lots!) };
}

/** The client order ids of a batch's orders, to read the orders already made with them in one go. */
export function clientIdsOf(batch: readonly Command[]): Array<{ userId: number; clientOrderId: string }> {
  const out: Array<{ userId: number; clientOrderId: string }> = [];
  for (const cmd of batch) {
    if (cmd.kind === 'place' && cmd.req.clientOrderId) {
      out.push({ userId: cmd.userId, clientOrderId: cmd.req.clientOrderId });
    }
  }
  return out;
}

/** The holders a batch's orders freeze from, to read their balances in one go before the batch runs. */
export function holdersOf(
  batch: readonly Command[],
  marketOf: (symbol: string) => { pair: PairInfo; units: PairUnits } | undefined,
): Holder[] {
  const out: Holder[] = [];
  for (const cmd of batch) {
    const market = cmd.kind === 'place' ? marketOf(cmd.req.symbol) : undefined;
    if (market && cmd.kind === 'place') {
      out.push({ userId: cmd.userId, account: 'spot', coin: frozenBy(market, cmd.req).coin });
    }
  }
  return out;
}
