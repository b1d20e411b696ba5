import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../../../domain';
import { createLazyMarketFeed } from '../../../../worker/market/lazy-market-feed';
import { EARLY_TICKERS_MS } from '../../../../worker/market/ticker-feed';
import { settle } from './book-harness';
import { clockTimers, fakeMarketSocket, manualFrames } from './feed-fakes';

const ticker = (symbol: string, last: string): Ticker => ({
  symbol,
  last,
  open: '1',
  high: '1',
  low: '1',
  volume: '1',
  quoteVolume: '1',
  changePct: '0',
  ts: 1,
});

function setup() {
  let calls = 0;
  const frames = manualFrames();
  const timers = clockTimers();
  const feed = createLazyMarketFeed({
    socket: fakeMarketSocket(),
    scheduler: frames,
    timers,
    fetchSnapshot: () => Promise.reject(new Error('unused')),
    fetchTickers: () => {
      calls += 1;
      return Promise.resolve([ticker('BTC/USDT', String(calls))]);
    },
  });
  return { feed, frames, timers, calls: () => calls };
}

describe('tickers read ahead of the first page (worker start)', () => {
  it('the first watcher gets the prefetched list without a second request', async () => {
    const t = setup();
    t.feed.prefetchTickers();
    t.feed.prefetchTickers();
    expect(t.calls()).toBe(1);
    const seen: Ticker[][] = [];
    t.feed.watchTickers((list) => seen.push(list));
    await settle();
    t.frames.frame();
    expect(t.calls()).toBe(1);
    expect(seen.at(-1)?.map((x) => x.last)).toEqual(['1']);
    await t.feed.dispose();
  });

  it('a prefetch older than the window is not used: the watcher reads afresh', async () => {
    const t = setup();
    t.feed.prefetchTickers();
    t.timers.time += EARLY_TICKERS_MS + 1;
    const seen: Ticker[][] = [];
    t.feed.watchTickers((list) => seen.push(list));
    await settle();
    t.frames.frame();
    expect(t.calls()).toBe(2);
    expect(seen.at(-1)?.map((x) => x.last)).toEqual(['2']);
    await t.feed.dispose();
  });
});
