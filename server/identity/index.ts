/**
 * The identity area's face for other areas: `await new VerifiedNames(engine).verifiedName(userId)`,
 * the real name identity verification confirmed; `new CreditService(engine)` and its `report`
 * (a writer command). The ServerModule is in `module.ts`.
 */
export { VerifiedNames } from './verified-name';
export { CreditService } from './credit';
export { identityMigration } from './schema';
export { pendingKycCount } from './pending';
