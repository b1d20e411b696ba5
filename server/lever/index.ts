/**
 * The leveraged-contracts area's face for other areas and the migrations list. The ServerModule is
 * in `module.ts`.
 */
export { leverMigration, leverOvernightDaysMigration } from './schema';
export { leverHouseLines, openLeverPositions } from './console-face';
