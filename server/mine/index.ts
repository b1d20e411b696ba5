/**
 * The accounts area's face for other areas: `accounts(sqlite)` answers who a user is and keeps the
 * columns other areas set on the user row (see Accounts). The ServerModule is in `module.ts`.
 */
import type { Database as SqliteDb } from 'better-sqlite3';
import { Accounts } from './accounts';

export {
  Accounts,
  type CreditFactsRow,
  type ProfileRow,
  type ReferralRow,
  type TeamUserRow,
} from './accounts';

/** The demo account demo mode seeds (server/sim) and grants lever and option funds to. */
export const DEMO_ACCOUNT = 'demo@example.com';

const faces = new WeakMap<SqliteDb, Accounts>();

/** The accounts face on this database (one per connection, so its statements are prepared once). */
export function accounts(sqlite: SqliteDb): Accounts {
  let face = faces.get(sqlite);
  if (!face) faces.set(sqlite, (face = new Accounts(sqlite)));
  return face;
}
export { CodeStore } from './codes';
export { perUserLimit } from './limits';
export { hashPassword } from './passwords';
export { SessionStore } from './sessions';
export { sameDigest, setCodeHashKey } from './tokens';
export { requireTradePassword } from './trade-password';
export { createUser, findUserByAccount, normalizeAccount, requireUser } from './users';
