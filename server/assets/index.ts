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
export { checkUpload } from './bank/rules';
export { bankMigration } from './bank/schema';
export {
  type ChainListener,
  type ChainTransfer,
  type SimDepositReq,
  type SimDepositResult,
  SimTxConflictError,
  type SimulatedChain,
} from './chain';
export { depositsMigration } from './deposits/schema';
export { assetsMigration } from './schema';
export { withdrawalsMigration } from './withdrawals/schema';
