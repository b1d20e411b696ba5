// What the market feed hands to the UI. Everything here is plain data (strings, numbers, arrays) so
// it survives Comlink's structured clone: decimal strings for money, never Decimal instances.
import type { Candle, CandleInterval, CatalogInfo, Ticker } from '../../domain';
import type { BookRow } from './grouping';
import type { BookStatus } from './order-book';

/** A display-ready order book, sent at most once per animation frame per watcher. */
export interface BookView {
  symbol: string;
  /** `syncing` while a resync runs: the rows are the last known ones and may be stale. */
  status: BookStatus;
  /** Sequence number of the book shown; null before the first snapshot. */
  seq: number | null;
  /** The grouping step the rows use, in quote per base. */
  step: string;
  /** Grouped bid rows, best (highest) first; empty in a sell-only view. */
  bids: BookRow[];
  /** Grouped ask rows, best (lowest) first; empty in a buy-only view. */
  asks: BookRow[];
  /** Best bid price (ungrouped), in quote per base, or null when there is none. */
  bestBid: string | null;
  /** Best ask price (ungrouped), in quote per base, or null when there is none. */
  bestAsk: string | null;
}

/** Tickers from the device cache, for an instant (possibly offline) first render. */
export interface CachedTickers {
  tickers: Ticker[];
  /** When the cache was last written, in milliseconds since the epoch; null when nothing is cached. */
  savedAt: number | null;
}

/** The market catalog from the device cache, for listing pairs in order with their state offline. */
export interface CachedCatalog {
  /** The last catalog the server sent; null when none was ever received on this device. */
  catalog: CatalogInfo | null;
  /** When it was saved, in milliseconds since the epoch; null when nothing is cached. */
  savedAt: number | null;
}

/** A change of a candle series. */
export interface CandleUpdate {
  symbol: string;
  interval: CandleInterval;
  /**
   * True: `candles` is the whole series, oldest first (replace the chart's data). False: only the
   * candles changed since the previous update, oldest first, none older than the last one sent
   * (apply each as an update of the last bar).
   */
  reset: boolean;
  candles: Candle[];
  /**
   * While the series comes only from the device cache: when it was saved, in milliseconds since the
   * epoch, so the UI can show its age. Null once fresh data (REST or socket) arrived.
   */
  savedAt: number | null;
  /**
   * The worker's REST history of the series has answered (or failed). Before that the series may be
   * only the device cache or the socket's current candle, and the history on its way will fill it:
   * the UI pages back to older candles (`market/candles` with `before`) only once this is true.
   */
  history: boolean;
}

/** The socket operations the feed uses; the worker's SocketClient provides them. */
export interface MarketSocket {
  subscribe(channel: string, listener: (data: unknown) => unknown): number;
  unsubscribe(id: number): void;
}
