import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SecondDuration } from '../../domain/second-rules';
import type { SecondOption } from '../../domain/second-endpoints';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import type { Config } from '../../server/config';
import { registerUser } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';
import { accountBalance, call, dataOf, fund, rowsOf, SNAPSHOT_QUERIES } from './assets';

/** Short durations so tests settle in about a second. */
export const TEST_DURATIONS: SecondDuration[] = [
  { seconds: 1, payoutRate: '0.8', minStake: '10', maxStake: '1000', exposureCap: '100000' },
  { seconds: 2, payoutRate: '0.85', minStake: '10', maxStake: '1000', exposureCap: '100000' },
  // A tight cap: two stakes of 100 (risk 90 each) fit, a third does not.
  { seconds: 3, payoutRate: '0.9', minStake: '10', maxStake: '1000', exposureCap: '180' },
  // Long enough that nothing settles while a test races many requests.
  { seconds: 10, payoutRate: '0.8', minStake: '10', maxStake: '1000', exposureCap: '100000' },
];

/** Tick sizes per pair, from the catalog data (for the independent replayer). */
export const TICKS: Record<string, string> = Object.fromEntries(
  DEFAULT_CATALOG.pairs.map((p) => [p.symbol, p.tickSize]),
);

/** A server without the market simulator (trades come only from the test) and short option terms. */
export async function startSecondServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'second-cat-'));
  const file = path.join(dir, 'catalog.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ second: { ...DEFAULT_CATALOG.second, durations: TEST_DURATIONS, staleMs: 60_000 } }),
  );
  return startTestServer({ simMarket: false, catalogFile: file, ...overrides });
}

/** A registered user with a token and id. */
export interface User {
  id: number;
  token: string;
}

/** Registers a user and funds its accounts (journaled grants from the world holder). */
export async function newUser(
  server: TestServer,
  funds: { second?: string; spotUsdt?: string; spotBtc?: string } = {},
): Promise<User> {
  const grant = await registerUser(server.origin);
  const u = { id: grant.user.id, token: grant.token };
  if (funds.second) await fund(server.dataDir, u.id, 'USDT', funds.second, 'second');
  if (funds.spotUsdt) await fund(server.dataDir, u.id, 'USDT', funds.spotUsdt);
  if (funds.spotBtc) await fund(server.dataDir, u.id, 'BTC', funds.spotBtc);
  return u;
}

/** Makes one real BTC/USDT trade at `price` through the matching engine (maker sells, taker buys). */
export async function trade(origin: string, maker: User, taker: User, price: string, symbol = 'BTC/USDT') {
  dataOf(
    await call(origin, 'trade/place', maker.token, {
      symbol,
      side: 'sell',
      type: 'limit',
      price,
      qty: '0.001',
    }),
  );
  dataOf(
    await call(origin, 'trade/place', taker.token, {
      symbol,
      side: 'buy',
      type: 'limit',
      price,
      qty: '0.001',
    }),
  );
}

/** Places an option and returns the raw reply. */
export function placeOption(
  origin: string,
  u: User,
  fields: {
    symbol?: string;
    seconds?: number | string;
    direction?: string;
    stake?: string;
    clientOrderId?: string;
  },
  lang?: string,
) {
  return call(
    origin,
    'second/place',
    u.token,
    { symbol: 'BTC/USDT', seconds: 1, direction: 'up', stake: '100', ...fields },
    lang,
  );
}

/** The option's current state. */
export async function detail(origin: string, u: User, id: number): Promise<SecondOption> {
  return dataOf<SecondOption>(await call(origin, 'second/detail', u.token, { id }));
}

/** Waits until `probe` returns a value. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for an option to settle. */
export function settled(origin: string, u: User, id: number, ms = 15_000): Promise<SecondOption> {
  return until(
    `option ${id} settled`,
    async () => {
      const o = await detail(origin, u, id);
      return o.status === 'settled' ? o : undefined;
    },
    ms,
  );
}

/**
 * Everything about a user that a refused request must leave unchanged: balances, journal lines and
 * options (the user's own, so settlements of other tests' options running meanwhile do not count).
 */
export function secondSnapshot(dataDir: string, userId: number): Promise<unknown> {
  return rowsOf(dataDir, userId, {
    balances: SNAPSHOT_QUERIES.balances,
    journal: 'select count(*) as n, max(id) as last from journal where user_id = ?',
    options: 'select count(*) as n, max(id) as last from second_options where user_id = ?',
    stakes: `select count(*) as n from ledger_tx where actor = 'user:' || ?`,
  });
}

/** The user's `second` USDT balance in ledger units. */
export function secondBalance(
  dataDir: string,
  userId: number,
): Promise<{ available: bigint; frozen: bigint }> {
  return accountBalance(dataDir, userId, 'second');
}
