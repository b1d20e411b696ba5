import type { Database as SqliteDb } from 'better-sqlite3';
import { toUnits } from '../../domain';
import type { SecondTerms } from '../../domain/second-rules';
import { hasTxFor, WORLD_USER_ID, type Ledger } from '../ledger';
import { accounts, DEMO_ACCOUNT } from '../mine';

/** Ledger ref type marking the demo account's `second` grant, so it is given once. */
const GRANT_REF = 'second_demo';

/**
 * Demo mode only: gives the demo account its `second` balance once, as a journaled transfer from the
 * world holder (like every demo grant). Returns the demo user's id when a grant was made.
 */
export function grantDemoSecond(sqlite: SqliteDb, ledger: Ledger, terms: SecondTerms): number | null {
  const userId = accounts(sqlite).idOf(DEMO_ACCOUNT);
  if (userId === undefined) return null;
  if (hasTxFor(sqlite, GRANT_REF, String(userId))) return null;
  ledger.transfer(
    { kind: 'demo.grant', refType: GRANT_REF, refId: String(userId), actor: 'system', memo: 'demo mode' },
    { userId: WORLD_USER_ID, account: 'second', coin: terms.coin },
    { userId, account: 'second', coin: terms.coin },
    toUnits(terms.demoGrant),
  );
  return userId;
}
