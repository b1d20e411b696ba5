import { describe, expect, it } from 'vitest';
import { channels, type Ticker } from '../../../../domain';
import { settle } from './book-harness';
import { feedsOnDevice } from './feed-fakes';

const ticker = (symbol: string, last: string, ts: number): Ticker => ({
  symbol,
  last,
  open: '100.00',
  high: '110.00',
  low: '90.00',
  volume: '12.5000',
  quoteVolume: '1250.00',
  changePct: '1.25',
  ts,
});

const feeds = feedsOnDevice('ticker-cache');
const setup = (name?: string, fetchTickers?: () => Promise<Ticker[]>) =>
  feeds(name, fetchTickers && { fetchTickers });

describe('market feed: tickers and their cache', () => {
  it('keeps a map of changed tickers and emits the whole list, sorted, once per frame', () => {
    const t = setup();
    const seen: Ticker[][] = [];
    t.feed.watchTickers((list) => seen.push(list));
    t.socket.push(channels.tickers, [ticker('ETH/USDT', '3000.00', 1), ticker('BTC/USDT', '60000.00', 1)]);
    t.socket.push(channels.tickers, [ticker('BTC/USDT', '60001.00', 2), { symbol: 'bad' }]);
    t.frames.frame();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.map((x) => [x.symbol, x.last])).toEqual([
      ['BTC/USDT', '60001.00'],
      ['ETH/USDT', '3000.00'],
    ]);
  });

  it('caches tickers with a save time, so the next start (offline) renders them at once with their age', async () => {
    const t = setup();
    expect(await t.feed.cachedTickers()).toEqual({ tickers: [], savedAt: null });
    t.feed.watchTickers(() => undefined);
    t.socket.push(channels.tickers, [ticker('BTC/USDT', '60000.00', 1), ticker('ETH/USDT', '3000.00', 1)]);
    // Writes are batched: nothing until the write-behind timer fires.
    await settle();
    expect((await t.feed.cachedTickers()).tickers).toEqual([]);
    t.timers.time = 1_700_000_005_000;
    t.timers.run();
    await t.feed.flush();
    const cached = await t.feed.cachedTickers();
    expect(cached.savedAt).toBe(1_700_000_005_000);
    expect(cached.tickers.map((x) => x.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);

    // A later start on the same database, before (or without) any socket.
    await t.feed.dispose();
    t.db.close();
    feeds.forget();
    const again = setup(t.name);
    expect(await again.feed.cachedTickers()).toEqual(cached);
    expect(again.socket.channels()).toEqual({});
  });

  it('writes the last state when the last watcher leaves, and a REST seed never overrides a newer push', async () => {
    let answer: (list: Ticker[]) => void = () => undefined;
    const t = setup(undefined, () => new Promise((resolve) => (answer = resolve)));
    const seen: Ticker[][] = [];
    const id = t.feed.watchTickers((list) => seen.push(list));
    t.socket.push(channels.tickers, [ticker('BTC/USDT', '60002.00', 5)]);
    answer([ticker('BTC/USDT', '59000.00', 4), ticker('XRP/USDT', '0.5000', 4)]);
    await settle();
    t.frames.frame();
    expect(seen.at(-1)!.map((x) => x.last)).toEqual(['60002.00', '0.5000']);
    t.feed.unwatch(id);
    expect(t.socket.channels()).toEqual({});
    await t.feed.flush();
    expect((await t.feed.cachedTickers()).tickers.map((x) => x.last)).toEqual(['60002.00', '0.5000']);
  });
});
