/**
 * The market's face: the catalog (with the checks of each of its sections), market data feeds,
 * the matching engine, the trade tape and the public market routes.
 */
export {
  addCoin,
  type Catalog,
  DEFAULT_LEGAL_TERMS,
  type LegalTerms,
  legalTermsProblems,
  loadCatalog,
  type ReferralTerms,
  sharePpm,
} from './catalog';
export { candlesBaseline } from './data/candle-baseline';
export { candlesMigration } from './data/candle-store';
export {
  loadCandles,
  MarketFeed,
  type MarketTrade,
  DbCandleStore,
  TICKER_WINDOW_MS,
  TickerBoard,
} from './data';
export { type DoneEvent, type EngineListener, OrderBook, type Side, type TradeEvent } from './engine';
export { registerMarketRoutes } from './routes';
export { type TapeTrade, TradeTape } from './trade-tape';
