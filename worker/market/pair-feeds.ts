import { createBookFeed } from './book-feed';
import { createCandleFeed } from './candle-feed';
import type { FeedContext } from './feed-context';
import type { MarketFeedDeps } from './feed-deps';
import { createTradeFeed } from './trade-feed';

/** The per-market feeds (order book, trades, candles): what the market list and home do not need. */
export interface PairFeeds {
  books: ReturnType<typeof createBookFeed>;
  trades: ReturnType<typeof createTradeFeed>;
  candles: ReturnType<typeof createCandleFeed>;
  /** Stops a watcher of any of the three; false when none knows the id. */
  unwatch(id: number): boolean;
  flush(): Promise<void>;
  dispose(): Promise<void>;
}

/** Creates the per-market feeds on a shared context. */
export function createPairFeeds(ctx: FeedContext, deps: MarketFeedDeps): PairFeeds {
  const books = createBookFeed(ctx, deps.fetchSnapshot, deps.book);
  const trades = createTradeFeed(ctx, deps.fetchTrades);
  const candles = createCandleFeed(ctx, deps.fetchCandles);
  return {
    books,
    trades,
    candles,
    unwatch(id) {
      if (books.unwatch(id) || trades.unwatch(id)) return true;
      candles.unwatch(id);
      return false;
    },
    flush: () => candles.flush(),
    async dispose() {
      books.dispose();
      trades.dispose();
      await candles.dispose();
    },
  };
}
