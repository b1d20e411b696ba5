/**
 * The database's face for the composition root (app.ts): `openDatabase` opens the file and applies
 * the migrations it is given (`allMigrations` in app.ts collects them from the areas' modules);
 * `migrateDatabase` applies them on a Kysely handle of either engine.
 */
export {
  alignSequences,
  DB_FILE_NAME,
  openDatabase,
  openPostgresDatabase,
  type Db,
  type EngineDb,
} from './connect';
export { migrate, migrateDatabase } from './migrate';
export { DB_MIGRATIONS } from './migrations/index';
export { postgresEngine, sqliteEngine, type PostgresEngineOptions } from './open-engine';
