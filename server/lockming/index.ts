/**
 * The lock-up and deposit savings area's face for other areas and the migrations list. The
 * ServerModule is in `module.ts`.
 */
export { lockmingMigration } from './schema';
export { lockmingHouseLines } from './console-face';
