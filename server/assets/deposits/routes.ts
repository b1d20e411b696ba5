import {
  CREDIT_CONFIRMATIONS,
  findCoinChain,
  fromUnits,
  WITHDRAWABLE_CONFIRMATIONS,
  type ChainInfo,
  type CoinChain,
  type CoinInfo,
  type CryptoDeposit,
  type DepositAddress,
} from '../../../domain';
import { fail, str, sessionOf, type HandlerRegistry } from '../../http';
import type { ChainAdapter } from '../chain';
import { pageArgs } from '../../shared/paging';
import type { DepositAddressStore } from './address-store';
import type { DepositRow, DepositStore } from './deposit-store';

/** What the deposit routes need. */
export interface DepositRoutesDeps {
  /** Null when no chain adapter runs (production without one): addresses answer `depositDisabled`. */
  adapter: ChainAdapter | null;
  addresses: DepositAddressStore;
  deposits: DepositStore;
  coins: readonly CoinInfo[];
  chains: readonly ChainInfo[];
  coinChains: readonly CoinChain[];
}

/** A stored deposit as the app shows it, the amount floored to the coin's decimals. */
export function toCryptoDeposit(row: DepositRow, coins: readonly CoinInfo[]): CryptoDeposit {
  const decimals = coins.find((c) => c.symbol === row.coin)?.decimals ?? 8;
  return {
    id: row.id,
    coin: row.coin,
    chain: row.chain,
    address: row.address,
    txid: row.txid,
    amount: fromUnits(row.amount, decimals),
    confirmations: row.confirmations,
    status: row.status,
    createdAt: row.createdAt,
    creditedAt: row.creditedAt,
  };
}

/** The caller's deposit address and deposit history (variant 3). */
export function registerDepositRoutes(registry: HandlerRegistry, deps: DepositRoutesDeps): void {
  const { adapter, addresses, deposits, coins, chains, coinChains } = deps;

  registry.add('assets/depositAddress', async (ctx): Promise<DepositAddress> => {
    const userId = sessionOf(ctx).userId;
    const coin = str(ctx.input, 'coin').trim();
    const chain = str(ctx.input, 'chain').trim();
    if (coin === '') throw fail('required', 'coin');
    if (chain === '') throw fail('required', 'chain');
    const found = findCoinChain(coin, chain, coinChains, chains, coins);
    if ('problem' in found) throw fail(found.problem.key, found.problem.field);
    if (!found.ok.terms.depositEnabled || !adapter) throw fail('depositDisabled', 'chain');
    const address = await addresses.ensure(userId, chain, () => adapter.depositAddress(userId, chain));
    return {
      coin,
      chain,
      address,
      creditConfirmations: CREDIT_CONFIRMATIONS,
      withdrawableConfirmations: WITHDRAWABLE_CONFIRMATIONS,
      simulated: adapter.simulated,
    };
  });

  registry.add('assets/deposits', async (ctx) => {
    const coinText = str(ctx.input, 'coin').trim();
    if (coinText !== '' && !coins.some((c) => c.symbol === coinText)) throw fail('unknownCoin', 'coin');
    const { before, limit } = pageArgs(ctx.input);
    const rows = await deposits.list({
      userId: sessionOf(ctx).userId,
      coin: coinText === '' ? null : coinText,
      status: null,
      before,
      limit,
    });
    return rows.map((r) => toCryptoDeposit(r, coins));
  });
}
