/**
 * The fiat P2P area's face for other areas and the migrations list. The ServerModule is in
 * `module.ts`.
 */
export { legalMigration } from './schema';
export { pendingLegalCounts } from './pending';
export { merchantNicknames, merchantsByNickname } from './merchant-names';
