import type { Database as SqliteDb } from 'better-sqlite3';
import { AppError, fail } from '../http';
import { verifyPassword } from './passwords';
import { requireUser } from './users';

/**
 * Checks the caller's trade password. With none set, answers HTTP 401, which is how variant 3 asks
 * the app to offer setting one (spec §8); a wrong one is `incorrectTradePassword` on its field.
 */
export async function requireTradePassword(sqlite: SqliteDb, userId: number, given: string): Promise<void> {
  const user = requireUser(sqlite, userId);
  if (user.trade_password_hash === null) throw new AppError('message', 'noTradePassword', undefined, 401);
  if (given.trim() === '') throw fail('required', 'tradePassword');
  if (!(await verifyPassword(user.trade_password_hash, given))) {
    throw fail('incorrectTradePassword', 'tradePassword');
  }
}
