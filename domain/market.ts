import type { BankDepositTerms, ChainInfo, CoinChain, WithdrawLimit } from './chains';

/** A coin the exchange holds. */
export interface CoinInfo {
  /** Ticker such as `BTC`; upper case letters and digits. */
  symbol: string;
  name: string;
  /** Decimals used for balances, transfers and withdrawals of this coin (at most 8). */
  decimals: number;
  /**
   * Decimals a balance of this coin is shown with (floored; the exact value is a tap away), at most
   * `decimals`. Absent: DEFAULT_COIN_DISPLAY_DECIMALS, capped by `decimals`.
   */
  displayDecimals?: number;
}

/** Display decimals of a coin whose catalog entry names none (spec §9: default 2). */
export const DEFAULT_COIN_DISPLAY_DECIMALS = 2;

/** The decimals a balance of `coin` is shown with: its catalog choice, else the default, never above its own decimals. */
export function coinDisplayDecimals(coin: Pick<CoinInfo, 'decimals' | 'displayDecimals'>): number {
  return Math.min(coin.displayDecimals ?? DEFAULT_COIN_DISPLAY_DECIMALS, coin.decimals);
}

/** Whether a market accepts orders (spec §4). */
export type MarketStatus = 'trading' | 'closed';

/** A spot market. All sizes and rates are decimal strings. */
export interface PairInfo {
  /** `BASE/QUOTE`, such as `BTC/USDT`. */
  symbol: string;
  base: string;
  quote: string;
  /** Smallest price step, in quote per base. */
  tickSize: string;
  /** Smallest quantity step, in base. */
  lotSize: string;
  /** Smallest order value (price × quantity), in quote. */
  minNotional: string;
  /** Fee rate charged to the resting side, such as `0.001` for 0.1 %. */
  makerFee: string;
  /** Fee rate charged to the incoming side. */
  takerFee: string;
  status: MarketStatus;
}

/** When the trade password must accompany a request. */
export type TradePasswordPolicy = 'never' | 'always';

/** The public catalog the app reads. */
export interface CatalogInfo {
  coins: CoinInfo[];
  pairs: PairInfo[];
  /** Quote currencies, in tab order, for the market page. */
  quotes: string[];
  tradePassword: { spotOrder: TradePasswordPolicy; withdraw: TradePasswordPolicy };
  /** Networks, and each coin's deposit and withdrawal terms on them. */
  chains: ChainInfo[];
  coinChains: CoinChain[];
  /** Daily withdrawal limits per coin symbol; a coin without an entry cannot be withdrawn. */
  withdrawLimits: Record<string, WithdrawLimit>;
  /** Bank-card deposits, or null where the operator does not take them. */
  bankDeposit: BankDepositTerms | null;
}

/** Decimal places implied by a step such as `0.01` (2) or `1` (0). */
export function stepDecimals(step: string): number {
  const frac = step.split('.')[1] ?? '';
  return frac.replace(/0+$/, '').length;
}

/** Decimals of a pair's prices: those of its tick (`0.01` → 2). */
export function priceDecimals(pair: Pick<PairInfo, 'tickSize'>): number {
  return stepDecimals(pair.tickSize);
}

/** Decimals of a pair's quantities: those of its lot (`0.00001` → 5). */
export function qtyDecimals(pair: Pick<PairInfo, 'lotSize'>): number {
  return stepDecimals(pair.lotSize);
}
