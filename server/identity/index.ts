/**
 * The identity area's face for other areas: `new VerifiedNames(sqlite).verifiedName(userId)`, the
 * real name identity verification confirmed. The ServerModule is in `module.ts`.
 */
export { VerifiedNames } from './verified-name';
export { CreditService } from './credit';
export { identityMigration } from './schema';
