// The trade area's face: what other areas use of it. Other areas import only this file.
export { LiveMarket, type FormPrices } from './live-market';
export { MoreButton } from './more-button';
export { OrderBook } from './order-book';
export type { Paging } from './order-list';
export { PairBar, isDown } from './pair-bar';
export { PercentButtons } from './percent-buttons';
export { NONE, formatMs, newClientOrderId } from './trade-format';
export { spotAvailable, useBalances } from './use-balances';
export { useGroupedBook } from './use-book';
export { useTicker } from './use-ticker';
