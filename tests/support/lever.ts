import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { LeverOrder, SessionGrant, SpotOrder } from '../../domain';
import { defaultModules } from '../../server/app';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { createLeverModule, type LeverModule } from '../../server/lever/module';
import { DEFAULT_CATALOG, type Catalog } from '../../server/market/catalog';
import { registerUser } from '../support/accounts';
import type { RawReply } from '../support/api';
import { accountBalance, call, dataOf, fund, violations } from './assets';
import { removeTestData, startTestServer } from './server';
import { withServerDb } from './server-db';
import { OPS_TOKEN } from './withdrawals';

/** A lever test server: no market simulator (tests make every spot trade), a settable clock. */
export interface LeverServer {
  origin: string;
  dataDir: string;
  lever: LeverModule;
  /** The clock the lever area reads; tests move it (overnight runs). */
  clock: { now: number | null };
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** The test catalog: the defaults with a small house cap on LTC/USDT. */
export const TEST_CATALOG: Partial<Catalog> = {
  lever: {
    ...DEFAULT_CATALOG.lever,
    pairs: DEFAULT_CATALOG.lever.pairs.map((p) =>
      p.symbol === 'LTC/USDT' ? { ...p, maxExposureHands: 10 } : p,
    ),
  },
};

/** Starts the real server on a random port; `withLever: false` leaves the lever area out (restart tests). */
export async function startLeverServer(
  opts: {
    dataDir?: string;
    withLever?: boolean;
    catalog?: Partial<Catalog>;
    /** Runs the overnight timer (and its catch-up at start) on the lever clock. */
    overnightTimer?: boolean;
    /** Starts the lever clock at this instant (epoch ms) instead of the real time. */
    clockAt?: number;
  } = {},
): Promise<LeverServer> {
  const owned = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lever-test-'));
  const catalogFile = path.join(dataDir, 'catalog.json');
  fs.writeFileSync(catalogFile, JSON.stringify(opts.catalog ?? TEST_CATALOG));
  const clock: { now: number | null } = { now: opts.clockAt ?? null };
  const lever = createLeverModule({
    now: () => clock.now ?? Date.now(),
    overnightTimer: opts.overnightTimer ?? false,
  });
  const modules = defaultModules()
    .filter((m) => m.name !== 'lever')
    .concat(opts.withLever === false ? [] : [lever]);
  const server = await startTestServer(
    {
      dataDir,
      simMarket: false,
      simChain: false,
      catalogFile,
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 100_000, codesPerIp: 100_000 },
      operatorToken: OPS_TOKEN,
    },
    { modules },
  );
  return {
    origin: server.origin,
    dataDir,
    lever,
    clock,
    stop: () => server.stop(),
    async close() {
      await server.stop();
      if (owned) await removeTestData(dataDir);
    },
  };
}

/** A signed-in user. */
export interface Trader {
  id: number;
  token: string;
}

/** Registers a user and funds its lever account (and spot, for making trades). */
export async function trader(
  s: LeverServer,
  lever = '0',
  spot: Record<string, string> = {},
): Promise<Trader> {
  const grant: SessionGrant = await registerUser(s.origin);
  if (lever !== '0') await fund(s.dataDir, grant.user.id, 'USDT', lever, 'lever');
  for (const [coin, amount] of Object.entries(spot))
    await fund(s.dataDir, grant.user.id, coin, amount, 'spot');
  return { id: grant.user.id, token: grant.token };
}

/** Two spot traders that make one trade of `qty` at `price` in our own book (the contract price). */
export async function spotPair(s: LeverServer) {
  const funds = { USDT: '100000000', BTC: '1000', LTC: '100000', ETH: '10000' };
  const maker = await trader(s, '0', funds);
  const taker = await trader(s, '0', funds);
  return async function trade(symbol: string, price: string, qty = '1', side: 'buy' | 'sell' = 'buy') {
    const sell = side === 'buy' ? maker : taker;
    const buy = side === 'buy' ? taker : maker;
    const [first, second] = side === 'buy' ? [sell, buy] : [buy, sell];
    dataOf<SpotOrder>(
      await call(s.origin, 'trade/place', first.token, {
        symbol,
        side: first === sell ? 'sell' : 'buy',
        type: 'limit',
        price,
        qty,
      }),
    );
    const o = dataOf<SpotOrder>(
      await call(s.origin, 'trade/place', second.token, {
        symbol,
        side: second === sell ? 'sell' : 'buy',
        type: 'limit',
        price,
        qty,
      }),
    );
    expect(o.status).toBe('filled');
    // The trade's trigger sweep is a writer command queued when the spot batch committed, which the
    // reply does not wait for: wait for it, so what the trade fired (and the lever clock it read) is
    // what the test sees next, on any engine.
    await s.lever.service?.idle();
  };
}

/** Calls a lever endpoint as `u`. */
export const lever = (
  s: LeverServer,
  u: Trader,
  name: Parameters<typeof call>[1],
  fields: Record<string, string | number> = {},
) => call(s.origin, name, u.token, fields);

/** The message key of a refused reply, or `ok`. */
export const keyOf = (r: RawReply): string =>
  r.body?.code === 200 ? 'ok' : (r.body?.key ?? `http${r.status}`);

/** Opens an order and returns it (throws on refusal). */
export async function openOrder(s: LeverServer, u: Trader, fields: Record<string, string | number>) {
  return dataOf<LeverOrder>(
    await lever(s, u, 'lever/open', {
      symbol: 'BTC/USDT',
      side: 'long',
      type: 'market',
      multiple: 10,
      hands: 10,
      ...fields,
    }),
  );
}

/** The user's lever USDT balance in ledger units. */
export function leverBalance(s: LeverServer, userId: number): Promise<{ available: bigint; frozen: bigint }> {
  return accountBalance(s.dataDir, userId, 'lever');
}

/** Everything a refused request could have touched for a user (to prove it changed nothing). */
export function leverSnapshot(s: LeverServer, userId: number): Promise<unknown> {
  return withServerDb(
    s.dataDir,
    async (db) => ({
      balances: await db.all('select * from balances where user_id = ? order by account, coin', userId),
      house: await db.all(`select * from balances where user_id = 0 and account = 'lever'`),
      journal: await db.all('select count(*) as n from journal'),
      orders: await db.all('select * from lever_orders where user_id = ? order by id', userId),
      receipts: await db.all('select count(*) as n from lever_receipts'),
    }),
    { bigints: true },
  );
}

/** The ledger's invariants hold. */
export async function expectLedgerSound(s: LeverServer): Promise<void> {
  expect(await violations(s.dataDir)).toEqual([]);
}
