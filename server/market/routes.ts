import { CANDLE_INTERVALS, type CandleInterval } from '../../domain';
import { fail, intField, optionalIntField, str, type HandlerRegistry } from '../http';
import { publicCatalog, type Catalog } from './catalog';
import { candleHistory, type CandleStore, type MarketFeed, type TickerBoard } from './data';

/** Most candles one history call returns. */
export const MAX_CANDLES = 1_000;

/** Public market data over REST (variant 2): catalog, tickers and each market's snapshots. */
export function registerMarketRoutes(
  registry: HandlerRegistry,
  deps: { catalog: Catalog; feeds: Map<string, MarketFeed>; tickers: TickerBoard; candleStore: CandleStore },
): void {
  const { catalog, feeds, tickers, candleStore } = deps;
  const feedOf = (input: Record<string, unknown>) => {
    const feed = feeds.get(str(input, 'symbol'));
    if (!feed) throw fail('unknownMarket', 'symbol');
    return feed;
  };

  registry.add('market/catalog', () => publicCatalog(catalog));
  registry.add('market/tickers', () => tickers.all(Date.now()));
  registry.add('market/depth', ({ input }) => feedOf(input).depth.snapshot());
  registry.add('market/trades', ({ input }) => feedOf(input).trades.recent());
  registry.add('market/candles', ({ input }) => {
    const feed = feedOf(input);
    const interval = str(input, 'interval') as CandleInterval;
    if (!(CANDLE_INTERVALS as readonly string[]).includes(interval)) throw fail('badRequest', 'interval');
    // `before` is a candle open time in milliseconds since the epoch; absent means the newest.
    const before = optionalIntField(input, 'before', { min: 0, max: Number.MAX_SAFE_INTEGER }) ?? undefined;
    const limit = intField(input, 'limit', { min: 1, max: MAX_CANDLES, fallback: 300 });
    return candleHistory(feed.candles, candleStore, interval, before, limit);
  });
}
