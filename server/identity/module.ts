import { channels, type PrivateEvent } from '../../domain';
import type { ServerModule } from '../module';
import { balancePusher } from '../shared/balance-push';
import { accounts } from '../mine';
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
      const credit = new CreditService(ctx.sqlite);
      const kyc = new KycStore(ctx.sqlite, ctx.opsJournal, ctx.uploadClaims);
      const users = accounts(ctx.sqlite);
      const kycDeps = {
        store: kyc,
        onDecided(userId: number, state: 'verified' | 'rejected') {
          credit.report(userId);
          // The verification page updates at once instead of at its next check.
          const event: PrivateEvent = { type: 'kyc', state };
          if (ctx.hub.hasSubscribers(channels.private))
            ctx.hub.publishToUser(userId, channels.private, event);
        },
      };
      registerKycRoutes(ctx.registry, kycDeps);
      registerKycOps(ctx.ops, { ...kycDeps, accountOf: (id) => users.accountOf(id) ?? '' });
      registerCreditRoutes(ctx.registry, credit);
      registerTeamRoutes(ctx.registry, {
        sqlite: ctx.sqlite,
        store: new TeamStore(ctx.sqlite, ctx.catalog.referral.activeDays),
        codes: new AuthCodes(ctx.sqlite),
        referral: ctx.catalog.referral,
        coins: ctx.catalog.coins,
      });
      registerTeamOps(ctx.ops, { sqlite: ctx.sqlite, journal: ctx.opsJournal });
      const push = balancePusher(ctx);
      rebates = new RebateService(
        ctx.sqlite,
        ctx.ledger,
        {
          spotFeeShare: ctx.catalog.referral.spotFeeShare,
          pairs: ctx.catalog.pairs,
          coins: ctx.catalog.coins,
        },
        (users) => users.forEach(push),
        (err) => ctx.log.error({ err }, 'referral rebates failed'),
      );
    },
    start(ctx) {
      const service = rebates;
      if (!service) return;
      service.start();
      unlisten = ctx.tape.onTrades(() => service.schedule());
    },
    stop() {
      unlisten?.();
      unlisten = null;
      rebates?.stop();
    },
  };
}
