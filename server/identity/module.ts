import { channels, type PrivateEvent } from '../../domain';
import { WriterUnavailableError } from '../db';
import type { ServerModule } from '../module';
import { balancePusher } from '../shared/balance-push';
import { accounts } from '../mine';
import { queuesMoveAfter } from '../ops';
import { AuthCodes } from './auth-codes';
import { CreditService, registerCreditRoutes } from './credit';
import { registerKycOps, registerKycRoutes } from './kyc-routes';
import { KycStore } from './kyc-store';
import { RebateService } from './rebates';
import { registerTeamOps, registerTeamRoutes } from './team-routes';
import { TeamStore } from './team-store';
import { identityMigration, KYC_UPLOAD_CLAIMS } from './schema';
import { identityBaseline } from './baseline';

/**
 * Identity verification (KYC) with the operator's review, invite and team with referral rebates and
 * agents, and the credit score (`/pages/mine/real_authentication`, `/pages/mine/invite`,
 * `/pages/home/ping`). Each call makes a module with its own rebate service (tests run several
 * servers in one process).
 */
export function createIdentityModule(): ServerModule {
  let rebates: RebateService | null = null;
  let unlisten: (() => void) | null = null;
  return {
    name: 'identity',
    migrations: [identityMigration, identityBaseline],
    uploadClaims: KYC_UPLOAD_CLAIMS,
    register(ctx) {
      const credit = new CreditService(ctx.engine);
      const kyc = new KycStore(ctx.engine, ctx.opsJournal, ctx.uploadClaims);
      const users = accounts(ctx.engine);
      const kycDeps = {
        store: kyc,
        async onDecided(userId: number, state: 'verified' | 'rejected') {
          // The decision has committed: a score that cannot be saved now is computed again at the
          // user's next `credit/score`, so the operator's reply does not fail for it.
          await credit.report(userId).catch((err: unknown) => {
            ctx.log.warn({ err, userId }, 'credit score after a KYC decision not saved');
          });
          // The verification page updates at once instead of at its next check.
          const event: PrivateEvent = { type: 'kyc', state };
          if (ctx.hub.hasSubscribers(channels.private))
            ctx.hub.publishToUser(userId, channels.private, event);
        },
      };
      registerKycRoutes(ctx.registry, kycDeps);
      registerKycOps(ctx.ops, { ...kycDeps, accountsOf: (ids) => users.accountsOf(ids) });
      registerCreditRoutes(ctx.registry, credit);
      registerTeamRoutes(ctx.registry, {
        engine: ctx.engine,
        store: new TeamStore(ctx.engine, ctx.catalog.referral.activeDays),
        codes: new AuthCodes(ctx.engine),
        referral: ctx.catalog.referral,
        coins: ctx.catalog.coins,
      });
      registerTeamOps(ctx.ops, { engine: ctx.engine, journal: ctx.opsJournal });
      queuesMoveAfter(ctx, ['kyc/submit'], ['kyc/approve', 'kyc/reject']);
      const push = balancePusher(ctx);
      rebates = new RebateService(
        ctx.engine,
        ctx.ledger,
        {
          spotFeeShare: ctx.catalog.referral.spotFeeShare,
          pairs: ctx.catalog.pairs,
          coins: ctx.catalog.coins,
        },
        (users) => users.forEach(push),
        (err) => {
          // Busy: nothing of the run was kept, and the next run (next spot batch, or start) pays it.
          if (err instanceof WriterUnavailableError) ctx.log.warn({ err }, 'referral rebates deferred');
          else ctx.log.error({ err }, 'referral rebates failed');
        },
      );
    },
    async start(ctx) {
      const service = rebates;
      if (!service) return;
      // Listening first: a batch that commits while the first run catches up is paid by the next run.
      unlisten = ctx.tape.onTrades(() => service.schedule());
      await service.start();
    },
    async stop() {
      unlisten?.();
      unlisten = null;
      await rebates?.stop();
    },
  };
}
