// The market area's face: what other areas use of it. Other areas import only this file.
export { ChangePill } from './change-pill';
export { changeDirection, formatCompact, formatDecimal, klinePath, splitSymbol } from './format-market';
export { hotTickers, topGainers } from './rank-tickers';
export { useLocale } from './use-locale';
export { useTickers } from './use-tickers';
export type { TickersState } from './use-tickers';
