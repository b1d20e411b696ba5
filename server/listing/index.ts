/**
 * The listing area's face for other areas and the migrations list. The ServerModule is in
 * `module.ts`.
 */
export { listingMigration } from './schema';
export { pendingListingCount } from './pending';
