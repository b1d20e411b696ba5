/**
 * The customer-service area's face for other areas and the migrations list. The ServerModule is in
 * `module.ts`.
 */
export { kefuMigration } from './schema';
export { unreadConversations } from './console-store';
