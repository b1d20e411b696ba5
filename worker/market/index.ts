// The market area's face: its WorkerModule, the shared feed, and the types pages see.
export { createMarketFeed, marketModule, type MarketApi, type MarketTuning } from './module';
export type { LazyMarketFeed } from './lazy-market-feed';
export type { BookTuning } from './book-feed';
export type { FrameScheduler } from './frame-coalescer';
export type { BookRow, BookViewOptions, BookViewSide } from './grouping';
export type { BookStatus } from './order-book';
export type { BookView, CachedCatalog, CachedTickers, CandleUpdate } from './types';
