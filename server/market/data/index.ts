export { makeFormatter, type PairFormatter } from './format';
export { NO_PUBLISH, type MarketTrade, type PublishFn } from './types';
export { DepthFeed, type DepthFeedOptions } from './depth-feed';
export { CandleBook, DEFAULT_MEMORY_CANDLES, type CandleBookOptions, type ChangedCandle } from './candles';
export {
  CANDLES_DDL,
  DbCandleStore,
  candleHistory,
  candlesMigration,
  loadCandles,
  type CandleRow,
  type CandleStore,
} from './candle-store';
export { TICKER_WINDOW_MS, TickerWindow, changePct, type WindowStats } from './ticker-window';
export { TickerBoard, type TickerBoardOptions } from './tickers';
export { DEFAULT_RECENT_TRADES, TradesFeed, type TradesFeedOptions } from './trades-feed';
export { MarketFeed, type CommitResult, type MarketFeedOptions } from './market-feed';
