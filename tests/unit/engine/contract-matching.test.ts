import { describe, expect, it } from 'vitest';
import { ENGINES, Harness } from './engine-harness';

// Contract: matching. Runs unchanged against the fast engine and the naive reference.
describe.each(ENGINES)('%s: matching contract', (_name, make) => {
  const harness = () => new Harness(make);

  it('fills in price-time priority: best price first, then earliest order at that price', () => {
    const h = harness();
    h.limit(1, 'sell', 101, 4); // id 1
    h.limit(2, 'sell', 101, 4); // id 2, same price, later
    h.limit(3, 'sell', 100, 2); // id 3, better price
    h.rec.clear();
    const r = h.limit(9, 'buy', 101, 8); // id 4
    expect(h.tradeTuples()).toEqual([
      [3, 4, 100, 2],
      [1, 4, 101, 4],
      [2, 4, 101, 2],
    ]);
    expect(r).toMatchObject({
      status: 'filled',
      reason: 'filled',
      filledLots: 8,
      filledQuote: 200 + 404 + 202,
    });
    expect(h.engine.snapshot()).toEqual({ bids: [], asks: [[101, 2]] });
    expect(h.engine.getOrder(2)).toMatchObject({ lots: 2, seq: 2 });
  });

  it('trades at the maker price, not the taker limit', () => {
    const h = harness();
    h.limit(1, 'buy', 100, 5);
    h.rec.clear();
    const r = h.limit(2, 'sell', 90, 5);
    expect(h.tradeTuples()).toEqual([[1, 2, 100, 5]]);
    expect(r.filledQuote).toBe(500);
  });

  it('partially fills a maker and leaves the rest resting with its priority', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 10);
    h.limit(2, 'sell', 100, 1);
    const r = h.limit(3, 'buy', 100, 4);
    expect(r).toMatchObject({ status: 'filled', filledLots: 4, restingLots: 0 });
    expect(h.rec.trades.at(-1)).toMatchObject({ makerOrderId: 1, lots: 4, makerRemainingLots: 6 });
    expect(h.engine.openOrders().map((o) => [o.orderId, o.lots])).toEqual([
      [1, 6],
      [2, 1],
    ]);
    h.limit(4, 'buy', 100, 7); // id 4 must take the rest of order 1 before order 2
    expect(h.tradeTuples().slice(-2)).toEqual([
      [1, 4, 100, 6],
      [2, 4, 100, 1],
    ]);
  });

  it('rests the unfilled remainder of a limit order at its limit price', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 3);
    const r = h.limit(2, 'buy', 102, 10);
    expect(r).toMatchObject({ status: 'resting', reason: undefined, filledLots: 3, restingLots: 7, seq: 2 });
    expect(h.engine.snapshot()).toEqual({ bids: [[102, 7]], asks: [] });
    expect(h.engine.getOrder(2)).toEqual({
      orderId: 2,
      userId: 2,
      side: 'buy',
      priceTicks: 102,
      lots: 7,
      seq: 2,
    });
  });

  it('sweeps several levels and reports each changed level once, then the resting level', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 2);
    h.limit(1, 'sell', 100, 2);
    h.limit(1, 'sell', 101, 3);
    h.limit(1, 'sell', 102, 5);
    h.limit(1, 'sell', 103, 5);
    h.rec.clear();
    const r = h.limit(2, 'buy', 102, 9);
    expect(h.tradeTuples()).toEqual([
      [1, 6, 100, 2],
      [2, 6, 100, 2],
      [3, 6, 101, 3],
      [4, 6, 102, 2],
    ]);
    expect(r).toMatchObject({ status: 'filled', filledLots: 9, filledQuote: 400 + 303 + 204 });
    expect(h.rec.levels).toEqual([
      ['sell', 100, 0],
      ['sell', 101, 0],
      ['sell', 102, 3],
    ]);
    expect(h.rec.dones.map((d) => [d.orderId, d.reason])).toEqual([
      [1, 'filled'],
      [2, 'filled'],
      [3, 'filled'],
      [6, 'filled'],
    ]);
    expect(h.engine.snapshot()).toEqual({
      bids: [],
      asks: [
        [102, 3],
        [103, 5],
      ],
    });
    h.rec.clear();
    h.limit(3, 'buy', 103, 10);
    expect(h.rec.levels).toEqual([
      ['sell', 102, 0],
      ['sell', 103, 0],
      ['buy', 103, 2],
    ]);
  });

  it('emits accepted first, each trade before its maker done, and the taker done last', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 1);
    h.limit(1, 'sell', 101, 1);
    h.rec.clear();
    h.limit(2, 'buy', 101, 2);
    const nonLevel = h.rec.sequence.filter((s) => !s.startsWith('level:'));
    expect(nonLevel).toEqual([
      'accepted:3',
      'trade:1>3',
      'done:1:filled',
      'trade:2>3',
      'done:2:filled',
      'done:3:filled',
    ]);
    expect(h.rec.acceptedEvents[0]).toEqual({
      orderId: 3,
      userId: 2,
      side: 'buy',
      type: 'limit',
      priceTicks: 101,
      lots: 2,
      quoteBudget: 0,
      seq: 3,
      clientOrderId: undefined,
    });
  });

  it('does not trade when prices do not cross', () => {
    const h = harness();
    h.limit(1, 'sell', 101, 1);
    h.limit(2, 'buy', 100, 1);
    expect(h.rec.trades).toEqual([]);
    expect(h.engine.bestBid()).toBe(100);
    expect(h.engine.bestAsk()).toBe(101);
  });
});

describe.each(ENGINES)('%s: market orders (IOC)', (_name, make) => {
  const harness = () => new Harness(make);

  it('sweeps by lots and cancels the unfilled remainder (never rests)', () => {
    const h = harness();
    h.limit(1, 'buy', 99, 2);
    h.limit(1, 'buy', 98, 3);
    h.rec.clear();
    const r = h.market(2, 'sell', { lots: 10 });
    expect(h.tradeTuples()).toEqual([
      [1, 3, 99, 2],
      [2, 3, 98, 3],
    ]);
    expect(r).toMatchObject({ status: 'cancelled', reason: 'ioc-remainder', filledLots: 5, restingLots: 0 });
    expect(h.rec.dones.at(-1)).toEqual({
      orderId: 3,
      userId: 2,
      side: 'sell',
      reason: 'ioc-remainder',
      cancelledLots: 5,
    });
    expect(h.engine.snapshot()).toEqual({ bids: [], asks: [] });
  });

  it('is filled when the lots are available', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 5);
    const r = h.market(2, 'buy', { lots: 3 });
    expect(r).toMatchObject({ status: 'filled', reason: 'filled', filledLots: 3, filledQuote: 300 });
    expect(h.engine.snapshot().asks).toEqual([[100, 2]]);
  });

  it("rejects with 'no-liquidity' when the opposite side is empty (no optimal price at present)", () => {
    const h = harness();
    h.limit(1, 'buy', 100, 5); // liquidity on the wrong side only
    h.rec.clear();
    const r = h.market(2, 'buy', { lots: 1 });
    expect(r).toEqual({
      orderId: 2,
      status: 'rejected',
      reason: 'no-liquidity',
      seq: 0,
      filledLots: 0,
      filledQuote: 0,
      restingLots: 0,
      replayed: false,
    });
    expect(h.rec.sequence).toEqual([]);
    expect(h.limit(3, 'sell', 101, 1).seq).toBe(2); // no sequence was consumed
  });

  it('spends at most the quote budget (buy) and is filled when the budget cannot buy one more lot', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 3);
    h.limit(1, 'sell', 101, 5);
    h.rec.clear();
    const r = h.market(2, 'buy', { quoteBudget: 500 });
    // 3 × 100 = 300, then floor(200 / 101) = 1 lot at 101; 99 quote units left are too few for a lot.
    expect(h.tradeTuples()).toEqual([
      [1, 3, 100, 3],
      [2, 3, 101, 1],
    ]);
    expect(r).toMatchObject({ status: 'filled', reason: 'filled', filledLots: 4, filledQuote: 401 });
    expect(h.rec.dones.at(-1)).toMatchObject({ orderId: 3, reason: 'filled', cancelledLots: 0 });
    expect(h.rec.acceptedEvents[0]).toMatchObject({
      type: 'market',
      lots: 0,
      quoteBudget: 500,
      priceTicks: 0,
    });
  });

  it('with a budget too small for one lot trades nothing and cancels', () => {
    const h = harness();
    h.limit(1, 'sell', 100, 3);
    h.rec.clear();
    const r = h.market(2, 'buy', { quoteBudget: 99 });
    expect(r).toMatchObject({ status: 'cancelled', reason: 'ioc-remainder', filledLots: 0, seq: 2 });
    expect(h.rec.trades).toEqual([]);
    expect(h.rec.levels).toEqual([]);
  });

  it('stops at whichever of lots and budget is reached first', () => {
    const h = harness();
    h.limit(1, 'sell', 10, 100);
    expect(h.market(2, 'buy', { lots: 5, quoteBudget: 1000 })).toMatchObject({
      filledLots: 5,
      filledQuote: 50,
    });
    expect(h.market(2, 'buy', { lots: 50, quoteBudget: 100 })).toMatchObject({
      filledLots: 10,
      filledQuote: 100,
    });
    expect(h.engine.snapshot().asks).toEqual([[10, 85]]);
  });

  it('caps what a sell receives with a quote budget', () => {
    const h = harness();
    h.limit(1, 'buy', 30, 10);
    const r = h.market(2, 'sell', { quoteBudget: 100 });
    expect(r).toMatchObject({ status: 'filled', filledLots: 3, filledQuote: 90 });
    expect(h.engine.snapshot().bids).toEqual([[30, 7]]);
  });
});

describe.each(ENGINES)('%s: boundary checks', (_name, make) => {
  const harness = () => new Harness(make);
  const base = { orderId: 1, userId: 1, side: 'buy' as const };

  it.each([
    ['zero lots', { type: 'limit', priceTicks: 100, lots: 0 }],
    ['fractional price', { type: 'limit', priceTicks: 100.5, lots: 1 }],
    ['negative lots', { type: 'limit', priceTicks: 100, lots: -1 }],
    ['unsafe lots', { type: 'limit', priceTicks: 1, lots: 2 ** 53 }],
    ['unsafe notional', { type: 'limit', priceTicks: 2 ** 30, lots: 2 ** 30 }],
    ['market without size', { type: 'market' }],
    ['market with fractional budget', { type: 'market', quoteBudget: 0.5 }],
    ['unknown type', { type: 'stop', priceTicks: 1, lots: 1 }],
  ])("rejects %s as 'invalid' without events", (_label, fields) => {
    const h = harness();
    h.limit(2, 'sell', 100, 1);
    h.rec.clear();
    const r = h.engine.place({ ...base, orderId: 10, ...fields } as never);
    expect(r).toMatchObject({ orderId: 10, status: 'rejected', reason: 'invalid', seq: 0 });
    expect(h.rec.sequence).toEqual([]);
  });

  it('rejects a bad side, user id or client order id', () => {
    const h = harness();
    const ok = { type: 'limit', priceTicks: 100, lots: 1 } as const;
    expect(h.engine.place({ ...base, ...ok, side: 'long' as never }).reason).toBe('invalid');
    expect(h.engine.place({ ...base, ...ok, userId: -1 }).reason).toBe('invalid');
    expect(h.engine.place({ ...base, ...ok, orderId: 0 }).reason).toBe('invalid');
    expect(h.engine.place({ ...base, ...ok, clientOrderId: '' }).reason).toBe('invalid');
    expect(h.engine.place({ ...base, ...ok, clientOrderId: 'x'.repeat(65) }).reason).toBe('invalid');
    expect(h.engine.openOrders()).toEqual([]);
  });

  it('rejects an order that would push the side notional beyond 2^53 quote units', () => {
    const h = harness();
    const big = 2 ** 26;
    expect(h.limit(1, 'buy', big, big).status).toBe('resting'); // notional 2^52
    expect(h.limit(1, 'buy', big, big).status).toBe('rejected'); // side total would be 2^53 > 2^53 - 1
    expect(h.limit(1, 'buy', big, big - 1).status).toBe('resting'); // 2^53 - 2^26 still fits
    expect(h.limit(1, 'sell', big + 1, big - 1).status).toBe('resting'); // the other side has its own room
  });

  it('throws on a duplicate order id (a caller bug, not a user error)', () => {
    const h = harness();
    h.place({ type: 'limit', orderId: 5, userId: 1, side: 'buy', priceTicks: 100, lots: 1 });
    expect(() =>
      h.place({ type: 'limit', orderId: 5, userId: 1, side: 'buy', priceTicks: 99, lots: 1 }),
    ).toThrow(/duplicate orderId/);
  });
});
