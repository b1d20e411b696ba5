// What a bounded market sell would take from the bids: the engine's resting orders in matching
// order, stopped by the floor, the quantity, or the seller's own bid (self-trade prevention).
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../../../server/market';
import { boundRefusal, walkBids } from '../../../server/trade/bid-walk';

function book(): OrderBook {
  const b = new OrderBook();
  let id = 1;
  const rest = (userId: number, priceTicks: number, lots: number) =>
    b.place({ orderId: id++, userId, side: 'buy', type: 'limit', priceTicks, lots });
  rest(1, 100, 5);
  rest(2, 100, 3); // same level, later in time
  rest(1, 99, 10);
  rest(3, 97, 10);
  b.place({ orderId: id++, userId: 1, side: 'sell', type: 'limit', priceTicks: 110, lots: 1 });
  return b;
}

describe('walkBids', () => {
  it('takes resting orders best price first, time priority within a level, one fill each', () => {
    expect(walkBids(book(), 9, 12, 0)).toEqual({
      fills: [
        { priceTicks: 100, lots: 5 },
        { priceTicks: 100, lots: 3 },
        { priceTicks: 99, lots: 4 },
      ],
      left: 0,
      own: false,
    });
    // The engine's own match takes exactly these.
    const b = book();
    const walk = walkBids(b, 9, 12, 0);
    const r = b.place({ orderId: 99, userId: 9, side: 'sell', type: 'market', lots: 12 });
    expect(r.filledQuote).toBe(walk.fills.reduce((s, f) => s + f.priceTicks * f.lots, 0));
  });

  it('stops at the floor and at the seller’s own bid', () => {
    expect(walkBids(book(), 9, 30, 99)).toMatchObject({ left: 12, own: false });
    expect(walkBids(book(), 2, 30, 0)).toEqual({
      fills: [{ priceTicks: 100, lots: 5 }],
      left: 25,
      own: true,
    });
    expect(walkBids(undefined, 9, 3, 0)).toEqual({ fills: [], left: 3, own: false });
  });
});

describe('boundRefusal', () => {
  it('refuses a sell the bids at or above the floor cannot take whole', () => {
    expect(boundRefusal(book(), 9, 18, 99)).toBeNull();
    expect(boundRefusal(book(), 9, 19, 99)).toBe('sellSlippage');
    expect(boundRefusal(book(), 9, 19, 97)).toBeNull();
    expect(boundRefusal(book(), 3, 19, 97)).toBe('sellOwnOrders');
    // The seller's own bid behind enough others is never reached.
    expect(boundRefusal(book(), 3, 18, 97)).toBeNull();
  });
});
