import crypto from 'node:crypto';
import type { Database as SqliteDb } from 'better-sqlite3';
import { toUnits, type JournalKind } from '../../domain';
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

async function ensureUser(
  sqlite: SqliteDb,
  account: string,
  password: string,
): Promise<{ id: number; created: boolean }> {
  const found = findUserByAccount(sqlite, account);
  if (found) return { id: found.id, created: false };
  const row = createUser(sqlite, {
    account,
    kind: 'email',
    passwordHash: await hashPassword(password),
    referrerId: null,
    now: Date.now(),
  });
  return { id: row.id, created: true };
}

function grant(ledger: Ledger, userId: number, coin: string, amount: string, kind: JournalKind): void {
  ledger.transfer(
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
  sqlite: SqliteDb,
  ledger: Ledger,
  catalog: Catalog,
): Promise<{ demoUserId: number; makerId: number; takerId: number }> {
  const demo = await ensureUser(sqlite, DEMO_ACCOUNT, DEMO_PASSWORD);
  if (demo.created) {
    for (const [coin, amount] of Object.entries(catalog.demoGrant))
      grant(ledger, demo.id, coin, amount, 'demo.grant');
  }
  const bots = botGrants(catalog);
  const ids: number[] = [];
  for (const account of [SIM_MAKER_ACCOUNT, SIM_TAKER_ACCOUNT]) {
    const bot = await ensureUser(sqlite, account, crypto.randomBytes(24).toString('base64url'));
    if (bot.created)
      for (const [coin, amount] of Object.entries(bots)) grant(ledger, bot.id, coin, amount, 'sim.grant');
    ids.push(bot.id);
  }
  return { demoUserId: demo.id, makerId: ids[0]!, takerId: ids[1]! };
}

/** Tops a bot back up to its grant when a coin falls below a tenth of it (journaled). */
export function topUpBot(ledger: Ledger, userId: number, catalog: Catalog): void {
  for (const [coin, amount] of Object.entries(botGrants(catalog))) {
    const full = toUnits(amount);
    const have = ledger.balance({ userId, account: 'spot', coin });
    if (have.available + have.frozen < full / 10n) grant(ledger, userId, coin, amount, 'sim.topup');
  }
}
