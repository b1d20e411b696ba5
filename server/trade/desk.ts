import type { Engine } from '../db';
import { fail } from '../http';
import type { PairUnits } from '../shared/units';
import { walkBids, type BidWalk, type RestingBook } from './bid-walk';
import type { Within, WithinFill } from './order-batch';
import type { OrderRow } from './order-store';
import type { ParsedPlace } from './validate';

export type { BidWalk } from './bid-walk';
export type { Within, WithinFill } from './order-batch';

/**
 * What the spot area offers an area that sells through its order service (quick sell, issue 25):
 * the market's units, a read of the bids a sell would take, and a market sell bounded by a floor
 * price that fills whole or not at all, with the caller's check and receipt in the same command.
 */
export class SpotDesk {
  constructor(private readonly orders: DeskOrders) {}

  /** Unit conversions of a market, or undefined when there is no such market. */
  units(symbol: string): PairUnits | undefined {
    return this.orders.unitsOf(symbol);
  }

  /**
   * The bids a market sell of `lots` by `userId` would take now, down to `floorTicks` (0: no floor):
   * one fill per resting order, exactly the trades the engine would make. Reads memory only; a batch
   * under way may change the book before a later sell runs, which is what the sell's bound is for.
   */
  takeBids(symbol: string, userId: number, lots: number, floorTicks = 0): BidWalk {
    return walkBids(this.orders.engine(symbol), userId, lots, floorTicks);
  }

  /**
   * Sells `lots` at market, filling whole at prices at or above `within.floorTicks` or refused with
   * nothing changed (see Within); resolves with the order, its trades and its ledger transaction
   * after the batch that holds it commits. `clientOrderId` makes it once-only per user.
   */
  sellWithin(
    userId: number,
    order: { symbol: string; lots: number; clientOrderId: string },
    within: Within,
  ): Promise<WithinFill> {
    const units = this.orders.unitsOf(order.symbol);
    if (!units) return Promise.reject(fail('unknownMarket', 'symbol'));
    if (units.pair.status !== 'trading') return Promise.reject(fail('marketClosed', 'symbol'));
    if (!Number.isSafeInteger(order.lots) || order.lots <= 0)
      return Promise.reject(fail('amountFormat', 'qty'));
    const req: ParsedPlace = { ...order, side: 'sell', type: 'market', priceTicks: null, budgetUnits: null };
    let fill: WithinFill | undefined;
    const recording: Within = {
      floorTicks: within.floorTicks,
      check: () => within.check(),
      record: async (f) => {
        fill = f;
        await within.record(f);
      },
    };
    return this.orders.placeWithin(userId, req, recording).then(() => {
      // A replayed client order id answers the first order without a new fill: check() refuses that first.
      if (!fill) throw new Error('a bounded sell committed without its fill');
      return fill;
    });
  }
}

/** What the desk uses of the order service (order-service.ts), named here so the face imports no engine. */
export interface DeskOrders {
  unitsOf(symbol: string): PairUnits | undefined;
  engine(symbol: string): RestingBook | undefined;
  placeWithin(userId: number, req: ParsedPlace, within: Within): Promise<OrderRow>;
}

const desks = new WeakMap<Engine, SpotDesk>();

/** Makes the spot desk of this database known (the spot module, when it registers). */
export function openSpotDesk(engine: Engine, orders: DeskOrders): SpotDesk {
  const desk = new SpotDesk(orders);
  desks.set(engine, desk);
  return desk;
}

/** The spot desk on this database; throws when the spot area has not registered on it. */
export function spotDesk(engine: Engine): SpotDesk {
  const desk = desks.get(engine);
  if (!desk) throw new Error('the spot area is not registered on this database');
  return desk;
}
