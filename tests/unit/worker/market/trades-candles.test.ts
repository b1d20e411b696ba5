import { describe, expect, it } from 'vitest';
import { channels, type Candle, type TradeTick } from '../../../../domain';
import { CANDLE_CACHE_LIMIT, loadCandles } from '../../../../worker/market/market-cache';
import { TRADES_KEPT } from '../../../../worker/market/trade-feed';
import type { CandleUpdate } from '../../../../worker/market/types';
import { settle } from './book-harness';
import { feedsOnDevice } from './feed-fakes';

const SYM = 'BTC/USDT';
const trade = (id: number): TradeTick => ({
  id,
  symbol: SYM,
  price: `${60000 + id}.00`,
  qty: '0.010',
  side: id % 2 ? 'buy' : 'sell',
  ts: 1_000 + id,
});
const candle = (t: number, c: string, v = '1.0'): Candle => ({ t, o: '1', h: '2', l: '0.5', c, v, qv: '10' });

const setup = feedsOnDevice('market-feed');

describe('market feed: trades', () => {
  it('keeps the latest 50, newest first, without repeats (reconnects and the REST seed overlap)', async () => {
    const t = setup(undefined, { fetchTrades: async () => [trade(1), trade(2), trade(3)] });
    const seen: TradeTick[][] = [];
    t.feed.watchTrades(SYM, (list) => seen.push(list));
    expect(t.socket.channels()).toEqual({ [channels.trades(SYM)]: 1 });
    await settle();
    for (let i = 3; i <= 70; i++) t.socket.push(channels.trades(SYM), trade(i));
    t.socket.push(channels.trades(SYM), [trade(69), trade(70), { id: 'x' }]);
    t.frames.frame();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(TRADES_KEPT);
    expect(seen[0]!.map((x) => x.id)).toEqual(Array.from({ length: 50 }, (_, i) => 70 - i));
  });
});

describe('market feed: candles', () => {
  it('shows the cached series first (with its age), then fresh history, then live updates of the last bar', async () => {
    const first = setup();
    first.feed.watchCandles(SYM, '1m', () => undefined);
    first.socket.push(channels.candles(SYM, '1m'), [candle(60_000, '1'), candle(120_000, '2')]);
    first.timers.time = 5_000;
    await first.feed.flush();
    await first.feed.dispose();
    first.db.close();
    setup.forget();

    let answer: (c: Candle[]) => void = () => undefined;
    const t = setup(first.name, { fetchCandles: () => new Promise((resolve) => (answer = resolve)) });
    const seen: CandleUpdate[] = [];
    t.feed.watchCandles(SYM, '1m', (u) => seen.push(u));
    // The IndexedDB read takes a few turns of the event loop.
    for (let i = 0; i < 100 && seen.length === 0; i++) {
      await settle();
      t.frames.frame();
    }
    expect(seen.at(-1)).toEqual({
      symbol: SYM,
      interval: '1m',
      reset: true,
      candles: [candle(60_000, '1'), candle(120_000, '2')],
      savedAt: 5_000,
      history: false,
    });
    // REST history, older bars included: a full reset, no longer marked as cached.
    answer([candle(0, '0.5'), candle(60_000, '1'), candle(120_000, '2.5', '2.0')]);
    await settle();
    t.frames.frame();
    expect(seen.at(-1)).toMatchObject({ reset: true, savedAt: null, history: true });
    expect(seen.at(-1)!.candles.map((c) => c.c)).toEqual(['0.5', '1', '2.5']);
    // Live: the last bar changes twice and a new bar opens, all within one frame.
    t.socket.push(channels.candles(SYM, '1m'), candle(120_000, '2.6', '2.1'));
    t.socket.push(channels.candles(SYM, '1m'), candle(120_000, '2.7', '2.2'));
    t.socket.push(channels.candles(SYM, '1m'), candle(180_000, '2.8'));
    t.frames.frame();
    expect(seen.at(-1)).toEqual({
      symbol: SYM,
      interval: '1m',
      reset: false,
      candles: [candle(120_000, '2.7', '2.2'), candle(180_000, '2.8')],
      savedAt: null,
      history: true,
    });
  });

  it('a REST reply older than a live push does not roll the last bar back', async () => {
    let answer: (c: Candle[]) => void = () => undefined;
    const t = setup(undefined, { fetchCandles: () => new Promise((resolve) => (answer = resolve)) });
    const seen: CandleUpdate[] = [];
    t.feed.watchCandles(SYM, '5m', (u) => seen.push(u));
    t.socket.push(channels.candles(SYM, '5m'), candle(300_000, '9', '5.0'));
    answer([candle(0, '1'), candle(300_000, '8', '4.0')]);
    await settle();
    t.frames.frame();
    expect(seen.at(-1)!.candles.map((c) => c.c)).toEqual(['1', '9']);
  });

  it('says when the REST history is in, also when it adds nothing or fails', async () => {
    for (const reply of ['same', 'fail'] as const) {
      let answer: (c: Candle[]) => void = () => undefined;
      let fail: (e: Error) => void = () => undefined;
      const t = setup(undefined, {
        fetchCandles: () =>
          new Promise((resolve, reject) => {
            answer = resolve;
            fail = reject;
          }),
      });
      const seen: CandleUpdate[] = [];
      t.feed.watchCandles(SYM, '15m', (u) => seen.push(u));
      // The socket's current candle comes first: a series, but not yet the history.
      t.socket.push(channels.candles(SYM, '15m'), candle(900_000, '3'));
      t.frames.frame();
      expect(seen.at(-1)).toMatchObject({ reset: true, history: false });
      if (reply === 'same') answer([candle(900_000, '3')]);
      else fail(new Error('offline'));
      await settle();
      t.frames.frame();
      expect(seen.at(-1)).toMatchObject({ history: true, candles: [candle(900_000, '3')] });
    }
  });

  it(`caches at most ${CANDLE_CACHE_LIMIT} candles per series`, async () => {
    const t = setup();
    t.feed.watchCandles(SYM, '1h', () => undefined);
    const many = Array.from({ length: 620 }, (_, i) => candle(i * 3_600_000, String(i)));
    t.socket.push(channels.candles(SYM, '1h'), many.slice(0, 300));
    await t.feed.flush();
    t.socket.push(channels.candles(SYM, '1h'), many.slice(300));
    await t.feed.flush();
    const cached = await loadCandles(t.db, SYM, '1h', 10_000);
    expect(cached.candles).toHaveLength(CANDLE_CACHE_LIMIT);
    expect(cached.candles[0]!.t).toBe(120 * 3_600_000);
    expect(cached.candles.at(-1)!.c).toBe('619');
    expect(await t.db.candles.count()).toBe(CANDLE_CACHE_LIMIT);
  });

  it('rejects an unknown interval', () => {
    const t = setup();
    expect(() => t.feed.watchCandles(SYM, '2m' as '1m', () => undefined)).toThrow(RangeError);
  });
});
