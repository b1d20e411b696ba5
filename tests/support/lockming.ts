import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LockmingPosition, LockmingProduct } from '../../domain/lockming-types';
import { defaultModules } from '../../server/app';
import { createLockmingModule, type LockmingModule } from '../../server/lockming/module';
import { DEFAULT_CATALOG, type Catalog } from '../../server/market/catalog';
import { HOUSE_USER_ID } from '../../server/ledger';
import { registerUser } from './accounts';
import { accountBalance, call, dataOf, fund, rowsOf } from './assets';
import { opsCall, OPS_TOKEN } from './bank';
import { removeTestData, startTestServer } from './server';

/** A lock-up test server: no market simulator, no demo products, a settable clock, no timer. */
export interface LockmingServer {
  origin: string;
  dataDir: string;
  lockming: LockmingModule;
  /** The clock the area reads; tests move it and call `payouts()`. */
  clock: { now: number };
  /** Runs the payouts due at the clock's time (what the daily timer does). */
  payouts(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** The test catalog: payouts at 00:00 UTC, no demo reserve or products (each test makes its own). */
export const LOCKMING_TEST_CATALOG: Partial<Catalog> = {
  lockming: { ...DEFAULT_CATALOG.lockming, demoReserve: {}, demoProducts: [] },
};

/** Starts the real server with the area on a clock at `clockAt` (its catch-up runs at start). */
export async function startLockmingServer(opts: {
  dataDir?: string;
  clockAt: number;
  catalog?: Partial<Catalog>;
}): Promise<LockmingServer> {
  const owned = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lockming-test-'));
  const catalogFile = path.join(dataDir, 'catalog.json');
  fs.writeFileSync(catalogFile, JSON.stringify(opts.catalog ?? LOCKMING_TEST_CATALOG));
  const clock = { now: opts.clockAt };
  const lockming = createLockmingModule({ now: () => clock.now, timer: false });
  const modules = defaultModules()
    .filter((m) => m.name !== 'lockming')
    .concat([lockming]);
  const server = await startTestServer(
    { dataDir, simMarket: false, simChain: false, catalogFile, operatorToken: OPS_TOKEN },
    { modules },
  );
  return {
    origin: server.origin,
    dataDir,
    lockming,
    clock,
    async payouts() {
      await lockming.service!.accrueDue();
    },
    stop: () => server.stop(),
    async close() {
      await server.stop();
      if (owned) await removeTestData(dataDir);
    },
  };
}

/** A signed-in user. */
export interface Saver {
  id: number;
  token: string;
}

/** Registers a user with `finance` funds of `coin`. */
export async function saver(
  s: { origin: string; dataDir: string },
  finance = '0',
  coin = 'USDT',
): Promise<Saver> {
  const grant = await registerUser(s.origin);
  if (finance !== '0') await fund(s.dataDir, grant.user.id, coin, finance, 'finance');
  return { id: grant.user.id, token: grant.token };
}

/** Grants the house's `finance` reserve of `coin` (a journaled grant from the world holder). */
export function fundReserve(dataDir: string, coin: string, amount: string): Promise<void> {
  return fund(dataDir, HOUSE_USER_ID, coin, amount, 'finance');
}

/** Creates a product through the operator route; returns its id. */
export async function createProduct(
  origin: string,
  fields: Record<string, string | number>,
): Promise<number> {
  const reply = await opsCall(origin, 'POST', 'lockming/products/create', fields);
  if (reply.status !== 200 || reply.body.code !== 200)
    throw new Error(`create failed: ${JSON.stringify(reply.body)}`);
  return (reply.body.data as { id: number }).id;
}

/** The products as the app sees them. */
export async function products(origin: string): Promise<LockmingProduct[]> {
  const res = await fetch(`${origin}/api/lockming/products`);
  const body = (await res.json()) as { code: number; data: LockmingProduct[] };
  return body.data;
}

/** Locks; the raw reply. */
export function lock(origin: string, u: Saver, productId: number, amount: string, lang?: string) {
  return call(origin, 'lockming/lock', u.token, { productId, amount }, lang);
}

/** Redeems; the raw reply. */
export function redeem(origin: string, u: Saver, id: number, lang?: string) {
  return call(origin, 'lockming/redeem', u.token, { id }, lang);
}

/** A position of the user. */
export async function position(origin: string, u: Saver, id: number): Promise<LockmingPosition> {
  return dataOf<LockmingPosition>(await call(origin, 'lockming/position', u.token, { id }));
}

/** The user's `finance` balance of `coin` in ledger units. */
export function financeOf(dataDir: string, userId: number, coin = 'USDT') {
  return accountBalance(dataDir, userId, 'finance', coin);
}

/** The house's reserve of `coin` in ledger units (available: can still promise; frozen: promised). */
export function reserveOf(dataDir: string, coin = 'USDT') {
  return accountBalance(dataDir, HOUSE_USER_ID, 'finance', coin);
}

/** What a refused request must leave unchanged: the user's balances, journal and positions, the area's tables. */
export function lockmingSnapshot(dataDir: string, userId: number): Promise<unknown> {
  return rowsOf(dataDir, userId, {
    balances: 'select * from balances where user_id = ? or user_id = 0 order by user_id, account, coin',
    journal: 'select count(*) as n from journal where user_id = ? or user_id = 0',
    positions: 'select count(*) as n from lockming_positions where user_id = ?',
    payouts: 'select count(*) as n, cast(? as bigint) as u from lockming_payouts',
    endings: 'select count(*) as n, cast(? as bigint) as u from lockming_endings',
  });
}
