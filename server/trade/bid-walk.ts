/** What the walk reads of a matching engine (OrderBook.resting): resting orders in matching order. */
export interface RestingBook {
  resting(side: 'buy' | 'sell'): Iterable<{ userId: number; priceTicks: number; lots: number }>;
}

/** What a market sell would take from the bids: one fill per resting order, in matching order. */
export interface BidWalk {
  /** Price in ticks and lots of each resting order taken, best first. */
  fills: Array<{ priceTicks: number; lots: number }>;
  /** Lots the bids down to the floor do not cover. */
  left: number;
  /**
   * True when the walk met the seller's own bid, where the engine would stop the sell (self-trade
   * prevention `expire-taker`); the walk stops there too.
   */
  own: boolean;
}

/**
 * The bids a market sell of `lots` by `userId` would take from `engine`, down to `floorTicks`
 * (0: no floor). Reads only; exactly the trades the engine makes if the sell is placed before the
 * book changes.
 */
export function walkBids(
  engine: RestingBook | undefined,
  userId: number,
  lots: number,
  floorTicks: number,
): BidWalk {
  const fills: BidWalk['fills'] = [];
  let left = lots;
  if (!engine) return { fills, left, own: false };
  for (const o of engine.resting('buy')) {
    if (left <= 0 || o.priceTicks < floorTicks) break;
    if (o.userId === userId) return { fills, left, own: true };
    const take = Math.min(left, o.lots);
    fills.push({ priceTicks: o.priceTicks, lots: take });
    left -= take;
  }
  return { fills, left, own: false };
}

/**
 * Why a sell of `lots` bounded at `floorTicks` must be refused before it touches the book, or null
 * when the bids at or above the floor take all of it: the seller's own bid in the way, or too few.
 */
export function boundRefusal(
  engine: RestingBook,
  userId: number,
  lots: number,
  floorTicks: number,
): 'sellOwnOrders' | 'sellSlippage' | null {
  const walk = walkBids(engine, userId, lots, floorTicks);
  if (walk.own) return 'sellOwnOrders';
  return walk.left > 0 ? 'sellSlippage' : null;
}
