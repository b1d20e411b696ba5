import type { Engine } from '../db';
import { AppError, fail } from '../http';
import { verifyPassword } from '../shared/passwords';
import { requireUser } from './users';

/**
 * Checks the caller's trade password. With none set, answers HTTP 401, which is how variant 3 asks
 * the app to offer setting one (spec §8); a wrong one is `incorrectTradePassword` on its field.
 * Call it before the command it guards, never inside one: it reads the committed user row and runs
 * argon2, which must not hold the writer.
 */
export async function requireTradePassword(engine: Engine, userId: number, given: string): Promise<void> {
  const user = await requireUser(engine, userId);
  if (user.trade_password_hash === null) throw new AppError('message', 'noTradePassword', undefined, 401);
  if (given.trim() === '') throw fail('required', 'tradePassword');
  if (!(await verifyPassword(user.trade_password_hash, given))) {
    throw fail('incorrectTradePassword', 'tradePassword');
  }
}
