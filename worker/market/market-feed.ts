import type { Candle, CandleInterval, DepthSnapshot, Ticker, TradeTick } from '../../domain';
import type { CoreDb } from '../store';
import { defaultTimers, type Timers } from '../timers';
import { createBookFeed, type BookTuning } from './book-feed';
import { createCandleFeed } from './candle-feed';
import type { FeedContext } from './feed-context';
import { createFrameCoalescer, type FrameScheduler } from './frame-coalescer';
import type { BookViewOptions } from './grouping';
import type { OrderBook } from './order-book';
import { createTickerFeed } from './ticker-feed';
import { createTradeFeed } from './trade-feed';
import type { BookView, CachedTickers, CandleUpdate, MarketSocket } from './types';

/** Delay between a market data change and its cache write, in milliseconds. */
export const MARKET_CACHE_WRITE_MS = 2_000;

/** What the market feed takes from the core. */
export interface MarketFeedDeps {
  socket: MarketSocket;
  /** The REST depth snapshot of a market (`market/depth`); rejects when it cannot be had. */
  fetchSnapshot: (symbol: string) => Promise<DepthSnapshot>;
  /** REST seeds, each optional: without one, that stream starts from the socket (and the cache). */
  fetchTickers?: () => Promise<Ticker[]>;
  fetchTrades?: (symbol: string) => Promise<TradeTick[]>;
  fetchCandles?: (symbol: string, interval: CandleInterval) => Promise<Candle[]>;
  /** The cache for tickers and candles; none unless given. */
  db?: CoreDb;
  timers?: Timers;
  /** Frame scheduler of the coalescer; requestAnimationFrame or a 16 ms timer unless given. */
  scheduler?: FrameScheduler;
  /** Delay before cache writes, in milliseconds; MARKET_CACHE_WRITE_MS unless set. */
  cacheWriteMs?: number;
  /** Order book timings and diagnostics. */
  book?: BookTuning;
}

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
  let lastId = 0;
  const coalescer = createFrameCoalescer(deps.scheduler);
  const ctx: FeedContext = {
    socket: deps.socket,
    coalescer,
    timers: deps.timers ?? defaultTimers,
    db: deps.db ?? null,
    cacheWriteMs: deps.cacheWriteMs ?? MARKET_CACHE_WRITE_MS,
    nextId: () => ++lastId,
  };
  const books = createBookFeed(ctx, deps.fetchSnapshot, deps.book);
  const tickers = createTickerFeed(ctx, deps.fetchTickers);
  const trades = createTradeFeed(ctx, deps.fetchTrades);
  const candles = createCandleFeed(ctx, deps.fetchCandles);

  return {
    watchBook: (symbol, options, listener) => books.watch(symbol, options, listener),
    setBookView: (id, options) => books.setView(id, options),
    watchTickers: (listener) => tickers.watch(listener),
    cachedTickers: () => tickers.cached(),
    watchTrades: (symbol, listener) => trades.watch(symbol, listener),
    watchCandles: (symbol, interval, listener) => candles.watch(symbol, interval, listener),
    unwatch(id) {
      // Ids are unique across kinds, so at most one of these knows it.
      if (!books.unwatch(id) && !tickers.unwatch(id) && !trades.unwatch(id)) candles.unwatch(id);
    },
    orderBook: (symbol) => books.book(symbol),
    async flush() {
      coalescer.flush();
      await Promise.all([tickers.flush(), candles.flush()]);
    },
    async dispose() {
      books.dispose();
      trades.dispose();
      await Promise.all([tickers.dispose(), candles.dispose()]);
      coalescer.dispose();
    },
  };
}
