/**
 * The database's face for the composition root (app.ts): `openDatabase` opens the file and applies
 * every migration (`migrations/index.ts` collects them from the areas' faces).
 */
export { DB_FILE_NAME, openDatabase, type Db } from './connect';
export { migrate } from './migrate';
