/**
 * The news area's face for other areas and the migrations list. The ServerModule is in `module.ts`.
 */
export { newsMigration } from './schema';
