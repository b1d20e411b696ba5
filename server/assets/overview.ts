import {
  ACCOUNT_TYPES,
  ESTIMATE_QUOTE,
  estimateOf,
  estimatePrices,
  estimateSum,
  fromUnits,
  type AccountOverview,
  type AccountType,
  type AssetsOverview,
  type CoinHolding,
  type Ticker,
} from '../../domain';

/** A balance row in ledger minor units (1e-8), as Ledger.balancesOf returns it. */
export interface BalanceUnits {
  account: AccountType;
  coin: string;
  available: bigint;
  frozen: bigint;
}

/**
 * The assets page from a user's balance rows, the catalog's coins (in order) and the current spot
 * tickers, following the estimate rule of domain/assets-estimate.ts. Pure: no I/O, no clock.
 */
export function buildOverview(
  balances: readonly BalanceUnits[],
  coins: readonly string[],
  tickers: ReadonlyArray<Pick<Ticker, 'symbol' | 'last'>>,
  ts: number,
): AssetsOverview {
  const prices = estimatePrices(tickers);
  const held = new Map(balances.map((b) => [`${b.account}|${b.coin}`, b]));
  // Catalog coins first, then any coin held that the catalog no longer lists.
  const order = [...coins];
  for (const b of balances) if (!order.includes(b.coin)) order.push(b.coin);

  const accounts: AccountOverview[] = ACCOUNT_TYPES.map((account) => {
    const lines: CoinHolding[] = order.map((coin) => {
      const b = held.get(`${account}|${coin}`);
      const available = b?.available ?? 0n;
      const frozen = b?.frozen ?? 0n;
      const total = fromUnits(available + frozen);
      const price = prices.get(coin) ?? null;
      return {
        coin,
        available: fromUnits(available),
        frozen: fromUnits(frozen),
        total,
        price,
        estimate: estimateOf({ total, price }),
      };
    });
    return {
      account,
      estimate: estimateSum(lines),
      unpriced: lines.filter((l) => l.estimate === null).map((l) => l.coin),
      coins: lines,
    };
  });
  const all = accounts.flatMap((a) => a.coins);
  return {
    quote: ESTIMATE_QUOTE,
    estimate: estimateSum(all),
    unpriced: [...new Set(accounts.flatMap((a) => a.unpriced))],
    accounts,
    ts,
  };
}
