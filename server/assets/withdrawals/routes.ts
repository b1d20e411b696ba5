import { fromUnits, parseWithdraw, toUnits, type WithdrawQuota } from '../../../domain';
import { fail, str, sessionOf, type HandlerRegistry, type LimitSpec } from '../../http';
import { requireTradePassword } from '../../mine';
import { pageArgs } from '../../shared/paging';
import { registerAddressRoutes, type AddressRoutesDeps } from './address-routes';
import { coinChainOf, optionalCoinOrChain } from './catalog-input';
import { recordId, withdrawalFormat } from './dto';
import { sameAddress } from './withdraw-service';

/** What the withdrawal and address routes need. */
export interface WithdrawRoutesDeps extends AddressRoutesDeps {
  /** Budget of `assets/withdraw` per user: it checks the trade password, so it must not allow guessing. */
  withdrawLimits: readonly LimitSpec[];
  /** Called after a user's balances changed (pushes the private `balance` event). */
  onBalances(userId: number): Promise<void>;
}

/** Address binding, quota, withdrawal requests, cancellation and history of the caller (variant 3). */
export function registerWithdrawRoutes(registry: HandlerRegistry, deps: WithdrawRoutesDeps): void {
  const { engine, catalog, service, onBalances } = deps;
  const { toWithdrawal } = withdrawalFormat(catalog.coins);

  registerAddressRoutes(registry, deps);

  registry.add('assets/withdrawInfo', async (ctx): Promise<WithdrawQuota> => {
    const userId = sessionOf(ctx).userId;
    const { coin, chain, terms } = coinChainOf(catalog, ctx.input);
    const d = coin.decimals;
    const q = await service.quota(userId, coin.symbol);
    const bound = await service.addresses.find(userId, coin.symbol, chain.id);
    const remaining = q.dailyLimit > q.usedToday ? q.dailyLimit - q.usedToday : 0n;
    return {
      coin: coin.symbol,
      chain: chain.id,
      withdrawable: fromUnits(q.withdrawable, d),
      awaitingConfirmations: fromUnits(q.locked, d),
      fee: fromUnits(toUnits(terms.withdrawFee), d),
      min: fromUnits(toUnits(terms.withdrawMin), d),
      dailyLimit: fromUnits(q.dailyLimit, d),
      usedToday: fromUnits(q.usedToday, d),
      remainingToday: fromUnits(remaining, d),
      verified: q.verified,
      boundAddress: bound?.address ?? null,
    };
  });

  registry.add(
    'assets/withdraw',
    async (ctx) => {
      const userId = sessionOf(ctx).userId;
      const parsed = parseWithdraw(
        {
          coin: str(ctx.input, 'coin'),
          chain: str(ctx.input, 'chain'),
          address: str(ctx.input, 'address'),
          amount: str(ctx.input, 'amount'),
        },
        catalog,
      );
      if ('problem' in parsed) throw fail(parsed.problem.key, parsed.problem.field);
      const { coin, chain, terms, address, amount } = parsed.ok;
      // Checked here for a quick answer before the slow password hash, and again in the command.
      const bound = await service.addresses.find(userId, coin.symbol, chain.id);
      if (!bound) throw fail('withdrawAddressRequired', 'address');
      if (!sameAddress(chain.format, bound.address, address)) throw fail('boundMismatch', 'address');
      // argon2 is slow, so it runs before the writer command, never inside it.
      if (catalog.tradePassword.withdraw === 'always') {
        await requireTradePassword(engine, userId, str(ctx.input, 'tradePassword'));
      }
      const units = toUnits(amount);
      const fee = toUnits(terms.withdrawFee);
      // The catalog keeps the minimum above the fee; this guards a catalog that does not.
      if (units <= fee) throw fail('withdrawBelowMin', 'amount');
      const row = await service.request({
        userId,
        coin: coin.symbol,
        chain: chain.id,
        format: chain.format,
        address,
        amount: units,
        fee,
      });
      void onBalances(userId);
      return toWithdrawal(row);
    },
    { limits: deps.withdrawLimits },
  );

  registry.add('assets/withdrawCancel', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const row = await service.cancel(userId, recordId(ctx.input));
    onBalances(userId);
    return toWithdrawal(row);
  });

  registry.add('assets/withdrawals', async (ctx) => {
    const coin = optionalCoinOrChain(catalog, ctx.input, 'coin');
    const { before, limit } = pageArgs(ctx.input);
    const rows = await service.store.list({
      userId: sessionOf(ctx).userId,
      coin,
      status: null,
      before,
      limit,
    });
    return rows.map(toWithdrawal);
  });
}
