/**
 * The assets area's face for other areas: `depositActivity(sqlite)` tells who had deposits credited
 * (see DepositActivity). The ServerModule is in `module.ts`.
 */
import type { Database as SqliteDb } from 'better-sqlite3';
import { DepositActivity } from './deposit-activity';

export { DepositActivity } from './deposit-activity';

const faces = new WeakMap<SqliteDb, DepositActivity>();

/** The deposit activity on this database (one per connection, so its statement is prepared once). */
export function depositActivity(sqlite: SqliteDb): DepositActivity {
  let face = faces.get(sqlite);
  if (!face) faces.set(sqlite, (face = new DepositActivity(sqlite)));
  return face;
}
