import type { CandleInterval, Ticker, TradeTick } from '../../domain';
import type { BookViewOptions } from './grouping';
import { createFeedContext, type MarketFeedDeps } from './feed-deps';
import type { PairFeeds } from './pair-feeds';
import { createTickerFeed } from './ticker-feed';
import type { BookView, CachedTickers, CandleUpdate } from './types';

/**
 * The market feed as the worker core uses it: tickers at once, the per-market feeds (order book,
 * trades, candles: most of the market code) loaded with the first page that watches one. Home and
 * the market list render from tickers only, so a first visit does not download the rest.
 */
export interface LazyMarketFeed {
  watchBook(symbol: string, options: BookViewOptions, listener: (view: BookView) => unknown): Promise<number>;
  setBookView(id: number, options: BookViewOptions): Promise<void>;
  watchTickers(listener: (tickers: Ticker[]) => unknown): number;
  /** Reads the tickers ahead of the first watcher (see TickerFeed.prefetch). */
  prefetchTickers(): void;
  cachedTickers(): Promise<CachedTickers>;
  watchTrades(symbol: string, listener: (trades: TradeTick[]) => unknown): Promise<number>;
  watchCandles(
    symbol: string,
    interval: CandleInterval,
    listener: (update: CandleUpdate) => unknown,
  ): Promise<number>;
  unwatch(id: number): void;
  dispose(): Promise<void>;
}

/** Creates the lazily loading market feed. */
export function createLazyMarketFeed(deps: MarketFeedDeps): LazyMarketFeed {
  const ctx = createFeedContext(deps);
  const tickers = createTickerFeed(ctx, deps.fetchTickers);
  let pairs: Promise<PairFeeds> | null = null;
  const pairFeeds = (): Promise<PairFeeds> =>
    (pairs ??= import('./pair-feeds').then((m) => m.createPairFeeds(ctx, deps)));

  return {
    watchBook: async (symbol, options, listener) =>
      (await pairFeeds()).books.watch(symbol, options, listener),
    setBookView: async (id, options) => (await pairFeeds()).books.setView(id, options),
    watchTickers: (listener) => tickers.watch(listener),
    prefetchTickers: () => tickers.prefetch(),
    cachedTickers: () => tickers.cached(),
    watchTrades: async (symbol, listener) => (await pairFeeds()).trades.watch(symbol, listener),
    watchCandles: async (symbol, interval, listener) =>
      (await pairFeeds()).candles.watch(symbol, interval, listener),
    unwatch(id) {
      if (!tickers.unwatch(id)) void pairs?.then((p) => p.unwatch(id));
    },
    async dispose() {
      await Promise.all([tickers.dispose(), pairs?.then((p) => p.dispose())]);
      ctx.coalescer.dispose();
    },
  };
}
