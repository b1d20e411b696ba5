import { toUnits } from '../../domain';
import type { Engine } from '../db';
import type { SecondTerms } from '../../domain/second-rules';
import { hasTxFor, WORLD_USER_ID, type Ledger } from '../ledger';
import { accounts, DEMO_ACCOUNT } from '../mine';

/** Ledger ref type marking the demo account's `second` grant, so it is given once. */
const GRANT_REF = 'second_demo';

/**
 * Demo mode only: gives the demo account its `second` balance once, as a journaled transfer from the
 * world holder (like every demo grant). Returns the demo user's id when a grant was made.
 */
export async function grantDemoSecond(
  engine: Engine,
  ledger: Ledger,
  terms: SecondTerms,
): Promise<number | null> {
  const userId = await accounts(engine).idOf(DEMO_ACCOUNT);
  if (userId === undefined) return null;
  return engine.writer.run(async () => {
    // Checked in the command that grants: two starts cannot both grant.
    if (await hasTxFor(engine, GRANT_REF, String(userId))) return null;
    await ledger.transfer(
      { kind: 'demo.grant', refType: GRANT_REF, refId: String(userId), actor: 'system', memo: 'demo mode' },
      { userId: WORLD_USER_ID, account: 'second', coin: terms.coin },
      { userId, account: 'second', coin: terms.coin },
      toUnits(terms.demoGrant),
    );
    return userId;
  });
}
