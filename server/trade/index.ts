/**
 * The spot area's face for other areas: `tradeLog(sqlite)` reads committed trades and orders (see
 * TradeLog). The ServerModule is in `module.ts`.
 */
import type { Database as SqliteDb } from 'better-sqlite3';
import { TradeLog } from './trade-log';

export { TradeLog, type FeeTradeRow, type TapeRow } from './trade-log';

const faces = new WeakMap<SqliteDb, TradeLog>();

/** The trade log on this database (one per connection, so its statements are prepared once). */
export function tradeLog(sqlite: SqliteDb): TradeLog {
  let face = faces.get(sqlite);
  if (!face) faces.set(sqlite, (face = new TradeLog(sqlite)));
  return face;
}
export { spotMigration } from './schema';
