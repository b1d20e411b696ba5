import { describe, expect, it } from 'vitest';
import { SELF_TRADE_POLICY } from '../../../server/market/engine';
import type { OpenOrder } from '../../../server/market/engine';
import { ENGINES, Harness } from './engine-harness';

// Contract: cancel, self-trade prevention, idempotency, depth snapshot and restore — for both engines.
describe.each(ENGINES)('%s: cancel', (_name, make) => {
  const harness = () => new Harness(make);

  it('removes a resting order and reports done + the new level total', () => {
    const h = harness();
    h.limit(1, 'buy', 100, 3);
    h.limit(2, 'buy', 100, 4);
    h.rec.clear();
    const r = h.engine.cancel(1);
    expect(r).toEqual({
      ok: true,
      order: { orderId: 1, userId: 1, side: 'buy', priceTicks: 100, lots: 3, seq: 1 },
    });
    expect(h.rec.sequence).toEqual(['done:1:cancelled', 'level:buy:100:4']);
    expect(h.rec.dones[0]).toEqual({
      orderId: 1,
      userId: 1,
      side: 'buy',
      reason: 'cancelled',
      cancelledLots: 3,
    });
    expect(h.engine.snapshot()).toEqual({ bids: [[100, 4]], asks: [] });
    expect(h.engine.getOrder(1)).toBeUndefined();
  });

  it('reports the level as removed (0) when its last order is cancelled', () => {
    const h = harness();
    h.limit(1, 'sell', 105, 3, 'c-1');
    h.rec.clear();
    expect(h.engine.cancel(1)).toMatchObject({ ok: true, order: { clientOrderId: 'c-1' } });
    expect(h.rec.levels).toEqual([['sell', 105, 0]]);
    expect(h.engine.bestAsk()).toBeUndefined();
  });

  it('cancels only the remaining lots of a partially filled order', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 10);
    h.limit(2, 'buy', 100, 4);
    h.rec.clear();
    expect(h.engine.cancel(1)).toMatchObject({ ok: true, order: { lots: 6 } });
    expect(h.rec.dones[0]).toMatchObject({ cancelledLots: 6 });
  });

  it('answers unknown-order for an unknown, filled or already cancelled id, without events', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 1);
    h.limit(2, 'buy', 100, 1); // fills order 1
    h.limit(3, 'buy', 90, 1);
    h.engine.cancel(3);
    h.rec.clear();
    for (const id of [42, 1, 2, 3])
      expect(h.engine.cancel(id)).toEqual({ ok: false, reason: 'unknown-order' });
    expect(h.rec.sequence).toEqual([]);
  });

  it('keeps time priority of the others after a cancel in the middle of a level', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 1);
    h.limit(2, 'sell', 100, 1);
    h.limit(3, 'sell', 100, 1);
    h.engine.cancel(2);
    h.rec.clear();
    h.limit(9, 'buy', 100, 2);
    expect(h.tradeTuples()).toEqual([
      [1, 4, 100, 1],
      [3, 4, 100, 1],
    ]);
  });
});

describe.each(ENGINES)("%s: self-trade prevention ('expire-taker')", (_name, make) => {
  const harness = () => new Harness(make);

  it('declares the policy', () => {
    expect(SELF_TRADE_POLICY).toBe('expire-taker');
  });

  it('cancels the incoming order when it meets its own resting order; the resting order stays', () => {
    const h = harness();
    h.limit(7, 'sell', 100, 5);
    h.rec.clear();
    const r = h.limit(7, 'buy', 101, 3);
    expect(r).toMatchObject({ status: 'cancelled', reason: 'self-trade', filledLots: 0, restingLots: 0 });
    expect(h.rec.trades).toEqual([]);
    expect(h.rec.sequence).toEqual(['accepted:2', 'done:2:self-trade']);
    expect(h.rec.dones[0]).toMatchObject({ cancelledLots: 3 });
    expect(h.engine.openOrders().map((o) => [o.orderId, o.lots])).toEqual([[1, 5]]);
  });

  it('keeps the trades made before meeting the own order and never rests the remainder', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 3); // id 1, other user, earlier
    h.limit(7, 'sell', 100, 5); // id 2, own order
    h.limit(1, 'sell', 101, 5); // id 3
    h.rec.clear();
    const r = h.limit(7, 'buy', 101, 10); // id 4
    expect(h.tradeTuples()).toEqual([[1, 4, 100, 3]]);
    expect(r).toMatchObject({ status: 'cancelled', reason: 'self-trade', filledLots: 3, filledQuote: 300 });
    expect(h.rec.dones.at(-1)).toMatchObject({ orderId: 4, reason: 'self-trade', cancelledLots: 7 });
    expect(h.rec.levels).toEqual([['sell', 100, 5]]);
    expect(h.engine.snapshot()).toEqual({
      bids: [],
      asks: [
        [100, 5],
        [101, 5],
      ],
    });
  });

  it('applies to market orders too', () => {
    const h = harness();
    h.limit(1, 'buy', 99, 2);
    h.limit(7, 'buy', 98, 2);
    const r = h.market(7, 'sell', { lots: 4 });
    expect(r).toMatchObject({ status: 'cancelled', reason: 'self-trade', filledLots: 2 });
    expect(h.engine.snapshot().bids).toEqual([[98, 2]]);
  });
});

describe.each(ENGINES)('%s: idempotent client order ids', (_name, make) => {
  it('returns the original result for the same user + clientOrderId and creates no second order', () => {
    const h = new Harness(make);
    h.limit(1, 'sell', 100, 2);
    const first = h.limit(2, 'buy', 100, 5, 'abc');
    h.rec.clear();
    const again = h.limit(2, 'buy', 100, 5, 'abc'); // a retry; the service gave it a new order id
    expect(again).toEqual({ ...first, replayed: true });
    expect(again.orderId).toBe(2);
    expect(h.rec.sequence).toEqual([]);
    expect(h.engine.openOrders().map((o) => o.orderId)).toEqual([2]);
  });

  it('keys by user: another user may use the same client id', () => {
    const h = new Harness(make);
    h.limit(1, 'buy', 100, 1, 'same');
    expect(h.limit(2, 'buy', 100, 1, 'same')).toMatchObject({
      status: 'resting',
      replayed: false,
      orderId: 2,
    });
  });

  it('replays rejections and cancellations too, even after the order left the book', () => {
    const h = new Harness(make);
    expect(h.market(1, 'buy', { lots: 1 }, 'm1').reason).toBe('no-liquidity');
    h.limit(2, 'sell', 100, 1);
    expect(h.market(1, 'buy', { lots: 1 }, 'm1')).toMatchObject({ reason: 'no-liquidity', replayed: true });
    h.limit(3, 'buy', 90, 1, 'x'); // id 4
    h.engine.cancel(4);
    expect(h.limit(3, 'buy', 90, 1, 'x')).toMatchObject({ orderId: 4, status: 'resting', replayed: true });
    expect(h.engine.snapshot().bids).toEqual([]);
  });

  it('forgets the oldest client ids beyond the window', () => {
    const h = new Harness(make, { idempotencyWindow: 2 });
    h.limit(1, 'buy', 90, 1, 'a');
    h.limit(1, 'buy', 91, 1, 'b');
    h.limit(1, 'buy', 92, 1, 'c'); // evicts 'a'
    expect(h.limit(1, 'buy', 92, 1, 'c').replayed).toBe(true);
    expect(h.limit(1, 'buy', 90, 1, 'a')).toMatchObject({ replayed: false, status: 'resting' });
  });
});

describe.each(ENGINES)('%s: depth snapshot', (_name, make) => {
  it('aggregates lots per price, best first, limited to the requested levels', () => {
    const h = new Harness(make);
    for (const [side, px, lots] of [
      ['buy', 98, 1],
      ['buy', 99, 2],
      ['buy', 99, 3],
      ['buy', 97, 4],
      ['sell', 102, 5],
      ['sell', 101, 6],
      ['sell', 101, 1],
    ] as const) {
      h.limit(1, side, px, lots);
    }
    expect(h.engine.snapshot()).toEqual({
      bids: [
        [99, 5],
        [98, 1],
        [97, 4],
      ],
      asks: [
        [101, 7],
        [102, 5],
      ],
    });
    expect(h.engine.snapshot(1)).toEqual({ bids: [[99, 5]], asks: [[101, 7]] });
    expect(h.engine.snapshot(0)).toEqual({ bids: [], asks: [] });
    expect(() => h.engine.snapshot(-1)).toThrow();
  });
});

describe.each(ENGINES)('%s: restore', (_name, make) => {
  /** A small history with partial fills, a cancel and several users. */
  const history = (h: Harness) => {
    h.limit(1, 'sell', 101, 5);
    h.limit(2, 'sell', 101, 3, 'keep');
    h.limit(3, 'sell', 102, 4);
    h.limit(1, 'buy', 99, 6);
    h.limit(2, 'buy', 98, 2);
    h.limit(4, 'buy', 101, 7); // takes 5 from order 1, 2 from order 2
    h.limit(3, 'buy', 99, 1);
    h.engine.cancel(5);
  };
  const next = (h: Harness) => {
    h.limit(5, 'buy', 102, 6);
    h.market(6, 'sell', { lots: 3 });
    h.limit(3, 'buy', 99, 2);
    h.market(7, 'sell', { lots: 10 });
  };

  it.each(ENGINES)(
    'from open orders gives the same book and the same later matching (into %s)',
    (_n, into) => {
      const original = new Harness(make);
      history(original);
      const open: OpenOrder[] = original.engine.openOrders();
      expect(open.map((o) => [o.orderId, o.lots, o.seq])).toEqual([
        [4, 6, 4],
        [7, 1, 7],
        [2, 1, 2],
        [3, 4, 3],
      ]);
      expect(open[2].clientOrderId).toBe('keep');

      const restored = new Harness(into);
      restored.engine.restore([...open].reverse()); // input order must not matter: seq decides priority
      expect(restored.engine.snapshot()).toEqual(original.engine.snapshot());
      expect(restored.engine.openOrders()).toEqual(open);
      expect(restored.rec.sequence).toEqual([]); // restore emits nothing

      original.rec.clear();
      restored.skipIdsTo(8);
      next(original);
      next(restored);
      // Across engines only the timing of level events may differ (see ReferenceEngine), so compare per kind.
      const nonLevel = (h: Harness) => h.rec.sequence.filter((e) => !e.startsWith('level:'));
      expect(nonLevel(restored)).toEqual(nonLevel(original));
      expect(restored.rec.trades).toEqual(original.rec.trades);
      expect(restored.rec.levels).toEqual(original.rec.levels);
      expect(restored.engine.openOrders()).toEqual(original.engine.openOrders());
      expect(restored.rec.acceptedEvents[0].seq).toBe(8); // sequences continue after the highest restored
    },
  );

  it('refuses a non-empty engine and inconsistent input', () => {
    const o = (orderId: number, side: 'buy' | 'sell', priceTicks: number, seq: number): OpenOrder => ({
      orderId,
      userId: 1,
      side,
      priceTicks,
      lots: 1,
      seq,
    });
    const used = new Harness(make);
    used.limit(1, 'buy', 1, 1);
    used.engine.cancel(1);
    expect(() => used.engine.restore([])).toThrow(/not empty/);
    const restore = (orders: OpenOrder[]) => () => new Harness(make).engine.restore(orders);
    expect(restore([o(1, 'buy', 99, 1), o(1, 'buy', 98, 2)])).toThrow(/dup/);
    expect(restore([o(1, 'buy', 99, 1), o(2, 'buy', 98, 1)])).toThrow(/dup/);
    expect(restore([o(1, 'buy', 100, 1), o(2, 'sell', 100, 2)])).toThrow(/crossed/);
    expect(restore([{ ...o(1, 'buy', 100, 1), lots: 0.5 }])).toThrow(/invalid/);
    expect(restore([{ ...o(1, 'buy', 100, 1), seq: 0 }])).toThrow(/invalid/);
    expect(restore([o(1, 'buy', 99, 1), o(2, 'sell', 100, 2)])).not.toThrow();
  });
});
