import { describe, expect, it } from 'vitest';
import { changePct, TickerBoard, TickerWindow, type MarketTrade } from '../../../server/market/data';

const pair = { symbol: 'BTC/USDT', tickSize: '0.01', lotSize: '0.00001' };
const H = 3_600_000;
const DAY = 24 * H;
const T0 = Date.UTC(2024, 0, 1);

let nextId = 1;
const trade = (ts: number, priceTicks: number, lots = 1): MarketTrade => ({
  id: nextId++,
  priceTicks,
  lots,
  takerSide: 'buy',
  ts,
});

describe('changePct', () => {
  it.each([
    [100_000, 101_239, '1.23'],
    [100_000, 98_761, '-1.23'],
    [100_000, 100_000, '0.00'],
    [100_000, 99_999, '0.00'], // -0.001 % truncates to zero, without a minus sign
    [100_000, 100_001, '0.00'],
    [3, 4, '33.33'],
    [3, 2, '-33.33'],
    [1, 1_000, '99900.00'],
    [100, 1, '-99.00'],
    [7, 7_000_000_000_000, '99999999999900.00'], // past 2^53 in hundredths: BigInt keeps it exact
  ])('%d → %d ticks is %s %%', (open, last, text) => {
    expect(changePct(open, last)).toBe(text);
  });
});

describe('TickerWindow', () => {
  it('keeps one bucket per minute and expires a minute once its start is 24 h old', () => {
    const w = new TickerWindow();
    for (let i = 0; i < 600; i++) w.add(trade(T0 + i * 100, 100)); // 60 s of trades
    w.add(trade(T0 + 60_000, 200));
    expect(w.bucketCount).toBe(2);
    expect(w.expire(T0 + DAY - 1)).toBe(false);
    expect(w.stats()).toMatchObject({ open: 100, high: 200, low: 100, last: 200, volume: 601n });
    expect(w.expire(T0 + DAY)).toBe(true);
    expect(w.stats()).toMatchObject({ open: 200, high: 200, low: 200, last: 200, volume: 1n });
    w.expire(T0 + DAY + 60_000);
    expect(w.bucketCount).toBe(0);
    // An empty window keeps the last price with zero volume.
    expect(w.stats()).toMatchObject({
      open: 200,
      high: 200,
      low: 200,
      last: 200,
      volume: 0n,
      quoteVolume: 0n,
    });
  });

  it('stays bounded over days of trades', () => {
    const w = new TickerWindow();
    for (let m = 0; m < 3 * 1440; m++) {
      w.add(trade(T0 + m * 60_000, 100 + (m % 7)));
      w.expire(T0 + m * 60_000);
    }
    expect(w.bucketCount).toBe(1440);
  });
});

describe('TickerBoard', () => {
  it('computes the rolling ticker and publishes only changes on flush', () => {
    const published: Array<[string, unknown]> = [];
    const board = new TickerBoard({ publish: (ch, d) => published.push([ch, d]) });
    board.addMarket(pair);
    board.addMarket({ symbol: 'ETH/USDT', tickSize: '0.01', lotSize: '0.0001' });
    expect(board.all(T0)).toEqual([]);
    expect(board.flush(T0)).toEqual([]);
    expect(published).toEqual([]);

    board.onTrade('BTC/USDT', trade(T0, 6_400_000, 100_000)); // 64000.00 × 1.00000
    board.onTrade('BTC/USDT', trade(T0 + H, 6_500_000, 50_000));
    board.onTrade('BTC/USDT', trade(T0 + 2 * H, 6_479_296, 1)); // +1.2390 % from open
    const first = board.flush(T0 + 2 * H);
    expect(first).toEqual([
      {
        symbol: 'BTC/USDT',
        last: '64792.96',
        open: '64000.00',
        high: '65000.00',
        low: '64000.00',
        volume: '1.50001',
        quoteVolume: '96500.6479296',
        changePct: '1.23',
        ts: T0 + 2 * H,
      },
    ]);
    expect(published).toEqual([['tickers', first]]);

    // Nothing new: nothing published.
    expect(board.flush(T0 + 2 * H + 1_000)).toEqual([]);
    expect(published).toHaveLength(1);

    // The first trade leaves the window: open moves to the second trade, volumes shrink.
    const later = board.flush(T0 + DAY);
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({
      open: '65000.00',
      high: '65000.00',
      low: '64792.96',
      volume: '0.50001',
      changePct: '-0.31',
      ts: T0 + DAY,
    });
    // Everything leaves: the last price stays, volumes go to zero.
    const empty = board.flush(T0 + 3 * DAY);
    expect(empty[0]).toMatchObject({
      last: '64792.96',
      open: '64792.96',
      volume: '0.00000',
      changePct: '0.00',
    });
    expect(board.get('BTC/USDT', T0 + 3 * DAY)).toEqual(empty[0]);
    expect(board.get('ETH/USDT', T0 + 3 * DAY)).toBeUndefined();
  });

  it('floors a falling change toward zero', () => {
    const board = new TickerBoard();
    board.addMarket(pair);
    board.onTrade('BTC/USDT', trade(T0, 100_000));
    board.onTrade('BTC/USDT', trade(T0 + 1, 98_761));
    expect(board.all(T0 + 2)[0]!.changePct).toBe('-1.23');
  });

  it('honours a shorter window and refuses unknown markets', () => {
    const board = new TickerBoard({ windowMs: 5 * 60_000 });
    board.addMarket(pair);
    board.onTrade('BTC/USDT', trade(T0, 100));
    board.onTrade('BTC/USDT', trade(T0 + 4 * 60_000, 110));
    expect(board.all(T0 + 5 * 60_000)[0]).toMatchObject({ open: '1.10', volume: '0.00001' });
    expect(() => board.onTrade('NOPE/USDT', trade(T0, 1))).toThrow(RangeError);
  });
});
