/**
 * The accounts area's face for other areas: `accounts(engine)` answers who a user is and keeps the
 * columns other areas set on the user row (see Accounts). The ServerModule is in `module.ts`.
 */
import type { Engine } from '../db';
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

const faces = new WeakMap<Engine, Accounts>();

/** The accounts face on this database (one per engine, so its statement set is bound once). */
export function accounts(engine: Engine): Accounts {
  let face = faces.get(engine);
  if (!face) faces.set(engine, (face = new Accounts(engine)));
  return face;
}
export { CodeStore } from './codes';
export { perUserLimit } from './limits';
export { hashPassword } from '../shared/passwords';
export { SessionStore } from './sessions';
export { sameDigest, setCodeHashKey } from './tokens';
export { requireTradePassword } from './trade-password';
export { createUser, findUserByAccount, normalizeAccount, requireUser } from './users';
