/**
 * The options area's face for other areas and the migrations list. The ServerModule is in
 * `module.ts`.
 */
export { secondMigration } from './schema';
export { secondSettlementMigration } from './settlement-schema';
export { secondHouseLines } from './console-face';
