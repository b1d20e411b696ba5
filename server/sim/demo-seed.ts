import crypto from 'node:crypto';
import { toUnits, type JournalKind } from '../../domain';
import type { Engine } from '../db';
import { WORLD_USER_ID, type Ledger } from '../ledger';
import type { Catalog } from '../market';
import { hashPassword, createUser, findUserByAccount, DEMO_ACCOUNT } from '../mine';

/** The demo account of demo mode (documented in the README). Never created in production mode. */
export { DEMO_ACCOUNT } from '../mine';
export const DEMO_PASSWORD = 'Demo1234';
/** Accounts of the simulator's bots; they cannot log in (random unknown passwords). */
export const SIM_MAKER_ACCOUNT = 'maker@sim.bot';
export const SIM_TAKER_ACCOUNT = 'taker@sim.bot';

/** Quote value a bot holds of each coin, in USDT-like units, so every market can be quoted. */
const BOT_NOTIONAL = 20_000_000;

/**
 * The user of `account`, created with `password` and given `grants` (coin → amount) when it does not
 * exist yet: the user and its grants in one writer command, so a user is never left without them.
 */
async function ensureUser(
  engine: Engine,
  ledger: Ledger,
  account: string,
  password: string,
  grants: Record<string, string>,
  kind: JournalKind,
): Promise<number> {
  const found = await findUserByAccount(engine, account);
  if (found) return found.id;
  // The slow hash before the command: nothing but the database runs inside one.
  const passwordHash = await hashPassword(password);
  return engine.writer.run(async () => {
    // Another start (or request) may have created it since the read above.
    const again = await findUserByAccount(engine, account);
    if (again) return again.id;
    const row = await createUser(engine, {
      account,
      kind: 'email',
      passwordHash,
      referrerId: null,
      now: Date.now(),
    });
    for (const [coin, amount] of Object.entries(grants)) await grant(ledger, row.id, coin, amount, kind);
    return row.id;
  });
}

/** Inside a writer command: `amount` of `coin` from the world holder, journaled. */
async function grant(
  ledger: Ledger,
  userId: number,
  coin: string,
  amount: string,
  kind: JournalKind,
): Promise<void> {
  await ledger.transfer(
    { kind, refType: 'users', refId: String(userId), actor: 'system', memo: 'demo mode' },
    { userId: WORLD_USER_ID, account: 'spot', coin },
    { userId, account: 'spot', coin },
    toUnits(amount),
  );
}

/** What a bot is given of each coin: BOT_NOTIONAL worth at the simulator's start prices. */
export function botGrants(catalog: Catalog): Record<string, string> {
  const out: Record<string, string> = {};
  for (const coin of catalog.coins) {
    const pair = catalog.pairs.find((p) => p.base === coin.symbol && catalog.simStart[p.symbol]);
    const price = pair ? Number(catalog.simStart[pair.symbol]) : 1;
    // Whole coins only: a plain integer string is always a valid ledger amount.
    out[coin.symbol] = String(Math.max(1, Math.floor(BOT_NOTIONAL / price)));
  }
  return out;
}

/**
 * Demo mode only: the demo account with the catalog's demo grant, and the simulator's two bots
 * with working balances. Every grant is a journaled transfer from the world holder. Idempotent.
 */
export async function seedDemo(
  engine: Engine,
  ledger: Ledger,
  catalog: Catalog,
): Promise<{ demoUserId: number; makerId: number; takerId: number }> {
  const demoUserId = await ensureUser(
    engine,
    ledger,
    DEMO_ACCOUNT,
    DEMO_PASSWORD,
    catalog.demoGrant,
    'demo.grant',
  );
  const bots = botGrants(catalog);
  const ids: number[] = [];
  for (const account of [SIM_MAKER_ACCOUNT, SIM_TAKER_ACCOUNT]) {
    const password = crypto.randomBytes(24).toString('base64url');
    ids.push(await ensureUser(engine, ledger, account, password, bots, 'sim.grant'));
  }
  return { demoUserId, makerId: ids[0]!, takerId: ids[1]! };
}

/**
 * Tops a bot back up to its grant when a coin falls below a tenth of it (journaled): one writer
 * command (a step of the caller's, inside one), so the balance read decides the grant it makes.
 */
export function topUpBot(engine: Engine, ledger: Ledger, userId: number, catalog: Catalog): Promise<void> {
  return engine.writer.run(async () => {
    for (const [coin, amount] of Object.entries(botGrants(catalog))) {
      const full = toUnits(amount);
      const have = await ledger.balance({ userId, account: 'spot', coin });
      if (have.available + have.frozen < full / 10n) await grant(ledger, userId, coin, amount, 'sim.topup');
    }
  });
}
