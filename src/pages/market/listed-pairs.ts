import type { CatalogInfo, PairInfo } from '../../../domain/market';
import type { Ticker } from '../../../domain/market-data';
import { splitSymbol } from './format-market';

/**
 * The pairs to list: the catalog's, or (without a catalog, such as offline) the ones the tickers
 * name, with their state unknown.
 */
export function listedPairs(
  catalog: CatalogInfo | null,
  tickers: readonly Ticker[],
): (Pick<PairInfo, 'symbol' | 'base' | 'quote'> & { status?: PairInfo['status'] })[] {
  if (catalog) return catalog.pairs;
  return tickers.map((t) => ({ symbol: t.symbol, ...splitSymbol(t.symbol) }));
}

/** Quote tabs: the catalog's order, or the quotes the tickers name. */
export function quoteTabs(catalog: CatalogInfo | null, tickers: readonly Ticker[]): string[] {
  if (catalog) return catalog.quotes;
  return [...new Set(tickers.map((t) => splitSymbol(t.symbol).quote))].filter(Boolean);
}
