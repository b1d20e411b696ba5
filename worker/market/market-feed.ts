import type { CandleInterval, Ticker, TradeTick } from '../../domain';
import { createFeedContext, type MarketFeedDeps } from './feed-deps';
import type { BookViewOptions } from './grouping';
import type { OrderBook } from './order-book';
import { createPairFeeds } from './pair-feeds';
import { createTickerFeed } from './ticker-feed';
import type { BookView, CachedTickers, CandleUpdate } from './types';

export { createFeedContext, MARKET_CACHE_WRITE_MS, type MarketFeedDeps } from './feed-deps';

/** Market data for the UI: display-ready, coalesced to at most one update per frame per watcher. */
export interface MarketFeed {
  /** Watches a grouped order book; throws RangeError on invalid options. */
  watchBook(symbol: string, options: BookViewOptions, listener: (view: BookView) => unknown): number;
  /** Changes the rows, step or side of a book watcher. */
  setBookView(id: number, options: BookViewOptions): void;
  /** Watches every market's ticker; the listener gets the whole list, sorted by symbol. */
  watchTickers(listener: (tickers: Ticker[]) => unknown): number;
  /** Cached tickers and their age, for a first render before (or without) the socket. */
  cachedTickers(): Promise<CachedTickers>;
  /** Watches the latest TRADES_KEPT trades of a market, newest first. */
  watchTrades(symbol: string, listener: (trades: TradeTick[]) => unknown): number;
  /** Watches a candle series: cached first, then REST history, then live updates of the last candle. */
  watchCandles(symbol: string, interval: CandleInterval, listener: (update: CandleUpdate) => unknown): number;
  /** Stops any watcher; unknown ids are ignored. The last watcher of a channel unsubscribes it. */
  unwatch(id: number): void;
  /** The shared order book of a watched symbol (diagnostics, tests). */
  orderBook(symbol: string): OrderBook | undefined;
  /** Sends every pending frame update now and writes pending cache rows. */
  flush(): Promise<void>;
  /** Stops every watcher and writes what the cache still lacks. */
  dispose(): Promise<void>;
}

/** Creates the market feed. Nothing is subscribed until the first watch. */
export function createMarketFeed(deps: MarketFeedDeps): MarketFeed {
  const ctx = createFeedContext(deps);
  const tickers = createTickerFeed(ctx, deps.fetchTickers);
  const pairs = createPairFeeds(ctx, deps);

  return {
    watchBook: (symbol, options, listener) => pairs.books.watch(symbol, options, listener),
    setBookView: (id, options) => pairs.books.setView(id, options),
    watchTickers: (listener) => tickers.watch(listener),
    cachedTickers: () => tickers.cached(),
    watchTrades: (symbol, listener) => pairs.trades.watch(symbol, listener),
    watchCandles: (symbol, interval, listener) => pairs.candles.watch(symbol, interval, listener),
    unwatch(id) {
      // Ids are unique across kinds, so at most one of these knows it.
      if (!tickers.unwatch(id)) pairs.unwatch(id);
    },
    orderBook: (symbol) => pairs.books.book(symbol),
    async flush() {
      ctx.coalescer.flush();
      await Promise.all([tickers.flush(), pairs.flush()]);
    },
    async dispose() {
      await Promise.all([tickers.dispose(), pairs.dispose()]);
      ctx.coalescer.dispose();
    },
  };
}
