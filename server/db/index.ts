/**
 * The database's face for the areas: the typed schema Kysely knows and the shape of a migration.
 * Types only, so no area reaches the migration list through it; the composition root opens the
 * database through `module.ts`.
 */
export type { Migration } from './migration';
export type { Database, TicketPurpose, UserRow } from './schema';
