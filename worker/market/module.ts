// The market area of the worker: order books, tickers, trades and candles (the feed lives in the
// context, shared with lever's marks), and the catalog's device copy.
import type { CandleInterval, EndpointName, Outcome, Res, Ticker, TradeTick } from '../../domain';
import type { ApiClient } from '../api-client';
import type { LazyDeviceStore } from '../device-store';
import type { SocketClient } from '../socket-client';
import type { Timers } from '../timers';
import type { BookTuning } from './book-feed';
import { loadCatalog, saveCatalog } from './catalog-cache';
import type { FrameScheduler } from './frame-coalescer';
import type { BookViewOptions } from './grouping';
import { createLazyMarketFeed, type LazyMarketFeed } from './lazy-market-feed';
import { CANDLE_CACHE_LIMIT } from './market-cache';
import type { BookView, CachedCatalog, CachedTickers, CandleUpdate } from './types';

/** The market area's part of CoreApi. */
export interface MarketApi {
  /**
   * Watches the order book of `symbol`, grouped by `options.step` into `options.rows` rows per side.
   * The listener gets display-ready rows at most once per animation frame. Rejects with RangeError on
   * invalid options. Returns an id for `unwatch`.
   */
  watchBook(symbol: string, options: BookViewOptions, listener: (view: BookView) => void): Promise<number>;
  /** Changes the rows, step or side of a book watcher (no resubscription). */
  setBookView(id: number, options: BookViewOptions): Promise<void>;
  /** Watches all tickers: the whole list, sorted by symbol, at most once per frame. */
  watchTickers(listener: (tickers: Ticker[]) => void): Promise<number>;
  /** Tickers saved on the device and when (for an instant, possibly offline, render marked with its age). */
  cachedTickers(): Promise<CachedTickers>;
  /**
   * The catalog saved on the device by the last successful `market/catalog` call, and when. The
   * call itself never answers from this cache: pages read both and prefer the live answer.
   */
  cachedCatalog(): Promise<CachedCatalog>;
  /** Watches the latest 50 trades of `symbol`, newest first. */
  watchTrades(symbol: string, listener: (trades: TradeTick[]) => void): Promise<number>;
  /** Watches a candle series: the cached series first (with its age), then history, then live updates. */
  watchCandles(
    symbol: string,
    interval: CandleInterval,
    listener: (update: CandleUpdate) => void,
  ): Promise<number>;
  /** Stops a watcher made by any `watch…` method. */
  unwatch(id: number): Promise<void>;
}

/** Timings of the market feed a host may inject (tests). */
export interface MarketTuning {
  timers?: Timers;
  frameScheduler?: FrameScheduler;
  marketCacheWriteMs?: number;
  book?: BookTuning;
}

/** Data of an ok outcome, or a rejection: a market data loader that failed just retries or skips. */
function dataOf<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.data;
  throw new Error(outcome.message ?? outcome.intent);
}

/**
 * The market feed over the raw client: public market data goes through `api.call`, not the core's
 * `call`, because a public read has no session side effects (a failed market request must never
 * sign the user out).
 */
export function createMarketFeed(
  api: ApiClient,
  socket: SocketClient,
  store: LazyDeviceStore,
  tuning: MarketTuning,
): LazyMarketFeed {
  return createLazyMarketFeed({
    socket,
    fetchSnapshot: async (symbol) => dataOf(await api.call('market/depth', { symbol })),
    fetchTickers: async () => dataOf(await api.call('market/tickers', {})),
    fetchTrades: async (symbol) => dataOf(await api.call('market/trades', { symbol })),
    fetchCandles: async (symbol, interval) =>
      dataOf(await api.call('market/candles', { symbol, interval, limit: CANDLE_CACHE_LIMIT })),
    db: store.db,
    ...(tuning.timers && { timers: tuning.timers }),
    ...(tuning.frameScheduler && { scheduler: tuning.frameScheduler }),
    ...(tuning.marketCacheWriteMs !== undefined && { cacheWriteMs: tuning.marketCacheWriteMs }),
    ...(tuning.book && { book: tuning.book }),
  });
}

/**
 * What the market module takes from the WorkerContext. Named here rather than imported: the context
 * (worker/module.ts) carries this area's feed, and an import back would close a circle.
 */
export interface MarketContext {
  market: LazyMarketFeed;
  store: LazyDeviceStore;
  ready(): Promise<void>;
}

/** The market area's WorkerModule (worker/module.ts), structurally. */
export interface MarketModule {
  api: MarketApi;
  answered(answer: { name: EndpointName; outcome: Outcome<unknown> }): void;
  dispose(): Promise<void>;
}

export const marketModule = ({ market, store, ready }: MarketContext): MarketModule => ({
  api: {
    watchBook: async (symbol, options, listener) => market.watchBook(symbol, options, listener),
    setBookView: async (id, options) => market.setBookView(id, options),
    watchTickers: async (listener) => market.watchTickers(listener),
    cachedTickers: async () => market.cachedTickers(),
    async cachedCatalog() {
      await ready();
      return loadCatalog(store);
    },
    watchTrades: async (symbol, listener) => market.watchTrades(symbol, listener),
    watchCandles: async (symbol, interval, listener) => market.watchCandles(symbol, interval, listener),
    unwatch: async (id) => market.unwatch(id),
  },
  answered({ name, outcome }) {
    // Not awaited: on a first visit the write loads the database code and creates the database,
    // a second on slow 3G that the page's first prices waited for. A write that fails (quota,
    // private mode) must not fail the call that succeeded either.
    if (name === 'market/catalog' && outcome.ok)
      void saveCatalog(store, outcome.data as Res<'market/catalog'>, Date.now()).catch(() => undefined);
  },
  dispose: () => market.dispose(),
});
