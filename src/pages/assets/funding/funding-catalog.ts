import type { BankDepositTerms, ChainInfo, CoinChain, WithdrawLimit } from '../../../../domain/chains';
import type { CatalogInfo, CoinInfo, TradePasswordPolicy } from '../../../../domain/market';

/** The parts of the catalog the deposit and withdrawal pages use. */
export interface FundingCatalog {
  coins: readonly CoinInfo[];
  chains: readonly ChainInfo[];
  coinChains: readonly CoinChain[];
  withdrawLimits: Readonly<Record<string, WithdrawLimit>>;
  bankDeposit: BankDepositTerms | null;
  /** Whether a withdrawal asks for the trade password. */
  withdrawPassword: TradePasswordPolicy;
}

/** Which way money moves: the pickers list the coins and chains open for it. */
export type FundingDirection = 'deposit' | 'withdraw';

/** A coin on one of its chains, with the terms the catalog sets for it. */
export interface CoinChainChoice {
  coin: CoinInfo;
  chain: ChainInfo;
  terms: CoinChain;
}

/**
 * The funding view of a catalog. A catalog cached on the device by an older app version may lack
 * the funding fields: missing means "none" (nothing to deposit or withdraw), never a crash.
 */
export function fundingOf(catalog: Partial<CatalogInfo>): FundingCatalog {
  return {
    coins: catalog.coins ?? [],
    chains: catalog.chains ?? [],
    coinChains: catalog.coinChains ?? [],
    withdrawLimits: catalog.withdrawLimits ?? {},
    bankDeposit: catalog.bankDeposit ?? null,
    // The server asks for it unless told otherwise; asking is the safe default.
    withdrawPassword: catalog.tradePassword?.withdraw ?? 'always',
  };
}

const open = (f: FundingCatalog, dir: FundingDirection, terms: CoinChain): boolean =>
  dir === 'deposit'
    ? terms.depositEnabled
    : terms.withdrawEnabled && f.withdrawLimits[terms.coin] !== undefined;

/** The chains `coin` can move on in `dir`, in the catalog's chain order. */
export function fundingChains(f: FundingCatalog, coin: string, dir: FundingDirection): ChainInfo[] {
  return f.chains.filter((ch) =>
    f.coinChains.some((t) => t.coin === coin && t.chain === ch.id && open(f, dir, t)),
  );
}

/**
 * The coins with at least one chain open in `dir`, in the catalog's coin order. A coin without a
 * daily limit cannot be withdrawn (domain/market.ts).
 */
export function fundingCoins(f: FundingCatalog, dir: FundingDirection): CoinInfo[] {
  return f.coins.filter((c) => fundingChains(f, c.symbol, dir).length > 0);
}

/**
 * The coin and chain to show: the wanted ones (from the query) when they are open in `dir`, else
 * the first open chain of the wanted coin, else the first open coin. Null when nothing is open.
 */
export function pickCoinChain(
  f: FundingCatalog,
  dir: FundingDirection,
  want: { coin?: string | null; chain?: string | null },
): CoinChainChoice | null {
  const coins = fundingCoins(f, dir);
  const coin = coins.find((c) => c.symbol === want.coin?.toUpperCase()) ?? coins[0];
  if (!coin) return null;
  const chains = fundingChains(f, coin.symbol, dir);
  const chain = chains.find((c) => c.id === want.chain?.toUpperCase()) ?? chains[0];
  const terms = chain && f.coinChains.find((t) => t.coin === coin.symbol && t.chain === chain.id);
  return chain && terms ? { coin, chain, terms } : null;
}
