import type { Database as SqliteDb } from 'better-sqlite3';
import { toUnits } from '../../domain';
import type { SecondTerms } from '../../domain/second-rules';
import { WORLD_USER_ID, type Ledger } from '../ledger';
import { DEMO_ACCOUNT } from '../sim/demo-seed';

/** Ledger ref type marking the demo account's `second` grant, so it is given once. */
const GRANT_REF = 'second_demo';

/**
 * Demo mode only: gives the demo account its `second` balance once, as a journaled transfer from the
 * world holder (like every demo grant). Returns the demo user's id when a grant was made.
 */
export function grantDemoSecond(sqlite: SqliteDb, ledger: Ledger, terms: SecondTerms): number | null {
  const user = sqlite.prepare('select id from users where account = ?').get(DEMO_ACCOUNT) as
    { id: number } | undefined;
  if (!user) return null;
  const done = sqlite
    .prepare('select 1 from ledger_tx where ref_type = ? and ref_id = ?')
    .get(GRANT_REF, String(user.id));
  if (done) return null;
  ledger.transfer(
    { kind: 'demo.grant', refType: GRANT_REF, refId: String(user.id), actor: 'system', memo: 'demo mode' },
    { userId: WORLD_USER_ID, account: 'second', coin: terms.coin },
    { userId: user.id, account: 'second', coin: terms.coin },
    toUnits(terms.demoGrant),
  );
  return user.id;
}
