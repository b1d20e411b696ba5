import type { ServerModule } from '../module';
import { CreditService, registerCreditRoutes } from './credit';
import { registerKycOps, registerKycRoutes } from './kyc-routes';
import { KycStore } from './kyc-store';

/**
 * Identity verification (KYC) with the operator's review, invite and team with referral rebates and
 * agents, and the credit score (`/pages/mine/real_authentication`, `/pages/mine/invite`,
 * `/pages/home/ping`).
 */
export function createIdentityModule(): ServerModule {
  return {
    name: 'identity',
    register(ctx) {
      const credit = new CreditService(ctx.sqlite);
      const kyc = new KycStore(ctx.sqlite, ctx.opsJournal);
      const accountOf = ctx.sqlite
        .prepare<[number], string>('select account from users where id = ?')
        .pluck();
      const kycDeps = { store: kyc, onDecided: (userId: number) => void credit.report(userId) };
      registerKycRoutes(ctx.registry, kycDeps);
      registerKycOps(ctx.ops, { ...kycDeps, accountOf: (id) => accountOf.get(id) ?? '' });
      registerCreditRoutes(ctx.registry, credit);
    },
  };
}
