import type { Candle, CandleInterval, DepthSnapshot, Ticker, TradeTick } from '../../domain';
import type { CoreDb } from '../store';
import { defaultTimers, type Timers } from '../timers';
import type { BookTuning } from './book-feed';
import { fixedDb, type DbHandle, type FeedContext } from './feed-context';
import { createFrameCoalescer, type FrameScheduler } from './frame-coalescer';
import type { MarketSocket } from './types';

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
  /** The cache for tickers and candles (a database, or a handle that opens it lazily); none unless given. */
  db?: CoreDb | DbHandle;
  timers?: Timers;
  /** Frame scheduler of the coalescer; requestAnimationFrame or a 16 ms timer unless given. */
  scheduler?: FrameScheduler;
  /** Delay before cache writes, in milliseconds; MARKET_CACHE_WRITE_MS unless set. */
  cacheWriteMs?: number;
  /** Order book timings and diagnostics. */
  book?: BookTuning;
}

/** The context every part of the market feed shares, built from the feed's deps. */
export function createFeedContext(deps: MarketFeedDeps): FeedContext {
  let lastId = 0;
  return {
    socket: deps.socket,
    coalescer: createFrameCoalescer(deps.scheduler),
    timers: deps.timers ?? defaultTimers,
    db: deps.db ? ('write' in deps.db ? deps.db : fixedDb(deps.db)) : null,
    cacheWriteMs: deps.cacheWriteMs ?? MARKET_CACHE_WRITE_MS,
    nextId: () => ++lastId,
  };
}
