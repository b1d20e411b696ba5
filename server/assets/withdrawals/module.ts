import { CodeStore, perUserLimit } from '../../mine';
import { decisionPusher } from '../../http';
import type { ServerModule } from '../../module';
import { depositLocks } from '../deposits/deposit-locks';
import { balancePusher } from '../../shared/balance-push';
import { queuesMoveAfter } from '../../ops';
import { registerWithdrawOpsRoutes } from './ops-routes';
import { registerWithdrawRoutes } from './routes';
import { WithdrawService } from './withdraw-service';
import { withdrawalsMigration } from './schema';
import { withdrawalsBaseline } from './baseline';

/**
 * Withdrawals to bound addresses: binding (with a verification code), quota, requests that freeze
 * the amount, the user's cancel and history, and the operator's approve/reject review.
 */
export const withdrawalsModule: ServerModule = {
  name: 'withdrawals',
  migrations: [withdrawalsMigration, withdrawalsBaseline],
  register(ctx) {
    const service = new WithdrawService({
      engine: ctx.engine,
      ledger: ctx.ledger,
      opsJournal: ctx.opsJournal,
      withdrawLimits: ctx.catalog.withdrawLimits,
      depositLocks: depositLocks(ctx.engine),
    });
    const onBalances = balancePusher(ctx);
    registerWithdrawRoutes(ctx.registry, {
      engine: ctx.engine,
      catalog: ctx.catalog,
      codes: new CodeStore(ctx.engine),
      service,
      withdrawLimits: perUserLimit(ctx.config.rateLimits),
      onBalances,
    });
    registerWithdrawOpsRoutes(ctx.ops, {
      engine: ctx.engine,
      coins: ctx.catalog.coins,
      service,
      onBalances,
      onDecided: decisionPusher(ctx.hub),
    });
    queuesMoveAfter(
      ctx,
      ['assets/withdraw', 'assets/withdrawCancel'],
      ['withdrawals/approve', 'withdrawals/reject'],
    );
  },
};
