/**
 * The quick-sell area's face for other areas: its migration. The ServerModule is in `module.ts`;
 * it sells through the spot area's face (`server/trade`: `spotDesk`).
 */
export { sellMigration } from './schema';
