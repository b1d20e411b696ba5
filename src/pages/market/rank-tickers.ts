import type { Ticker } from '../../../domain/market-data';
import { compareDecimal } from './format-market';

/** The `n` pairs with the largest 24 h quote volume (home "hot products"). */
export function hotTickers(tickers: readonly Ticker[], n: number): Ticker[] {
  return [...tickers].sort((a, b) => compareDecimal(b.quoteVolume, a.quoteVolume)).slice(0, n);
}

/** The `n` pairs with the largest 24 h change, best first (home "gainers"). */
export function topGainers(tickers: readonly Ticker[], n: number): Ticker[] {
  return [...tickers].sort((a, b) => compareDecimal(b.changePct, a.changePct)).slice(0, n);
}
