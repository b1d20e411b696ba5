import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { LegalAd, LegalOrder, LegalOrderPush } from '../../domain/legal';
import { defaultModules } from '../../server/app';
import { createLegalModule, type LegalModule } from '../../server/legal/module';
import { registerUser } from '../support/accounts';
import { callApi, type RawReply } from '../support/api';
import { accountBalance, dataOf, fund } from './assets';
import { removeTestData, startTestServer } from './server';
import { withServerDb } from './server-db';
import { opsCall, PNG } from './bank';
import { verifyIdentity } from './identity';

export { PNG };

/** A clock the test moves by hand; starts at the real time. */
export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}

export function fakeClock(start = Date.now()): FakeClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** A real server whose fiat module runs on `clock`; `legal.sweep()` runs the timers at once. */
export interface LegalServer {
  origin: string;
  dataDir: string;
  clock: FakeClock;
  legal: LegalModule;
  /** Stops the server, keeping its data (restart tests). */
  stop(): Promise<void>;
  /** Stops the server and removes its data. */
  close(): Promise<void>;
}

/** Starts the server (no market simulator, operator token `test-token`) on `dataDir` or a fresh one. */
export async function startLegalServer(
  opts: { dataDir?: string; clock?: FakeClock; catalog?: Record<string, unknown> } = {},
): Promise<LegalServer> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'legal-test-'));
  // An operator's CATALOG_FILE: top-level keys replace the embedded ones.
  let catalogFile: string | undefined;
  if (opts.catalog) {
    catalogFile = path.join(dataDir, 'catalog.json');
    fs.writeFileSync(catalogFile, JSON.stringify(opts.catalog));
  }
  const clock = opts.clock ?? fakeClock();
  const legal = createLegalModule({ now: () => clock.now() });
  const modules = defaultModules().map((m) => (m.name === 'legal' ? legal : m));
  const server = await startTestServer(
    {
      dataDir,
      simMarket: false,
      simChain: false,
      operatorToken: 'test-token',
      ...(catalogFile && { catalogFile }),
    },
    { modules },
  );
  return {
    origin: server.origin,
    dataDir,
    clock,
    legal,
    stop: () => server.stop(),
    async close() {
      await server.stop();
      await removeTestData(dataDir);
    },
  };
}

/** A registered user: token, id and account. */
export interface Person {
  token: string;
  id: number;
  account: string;
}

/** Calls an endpoint as `p` (or anonymously), fields as form values. */
export function as(
  origin: string,
  p: Person | null,
  name: Parameters<typeof callApi>[1],
  fields: Record<string, string | number | boolean> = {},
  lang?: string,
): Promise<RawReply> {
  return callApi(origin, name, fields, {
    ...(p && { token: p.token }),
    ...(lang && { headers: { lang } }),
  });
}

/** A new user. */
export async function person(origin: string): Promise<Person> {
  const g = await registerUser(origin);
  return { token: g.token, id: g.user.id, account: g.user.account };
}

/** Adds a bank card method held by `name`. */
export async function addBank(origin: string, p: Person, name = 'Li Lei'): Promise<void> {
  dataOf(
    await as(origin, p, 'legal/methodSave', {
      kind: 'bank',
      realName: name,
      bank: 'Bank of Tests',
      cardNumber: '6222 0200 0000 1234',
    }),
  );
}

/**
 * A certified merchant: KYC verified and the application approved through the operator API, a bank
 * method, and `fundLegal` USDT in the `legal` account.
 */
export async function merchant(origin: string, dataDir: string, fundLegal = '1000'): Promise<Person> {
  const { m, appId } = await merchantApplication(origin);
  const ok = await opsCall(origin, 'POST', 'legal/applications/approve', { id: appId }, 'carol');
  if (ok.status !== 200) throw new Error(`approve failed: ${JSON.stringify(ok.body)}`);
  if (fundLegal !== '0') await fund(dataDir, m.id, 'USDT', fundLegal, 'legal');
  return m;
}

/** A new user, KYC verified with a bank method, whose merchant application awaits review. */
export async function merchantApplication(origin: string): Promise<{ m: Person; appId: number }> {
  const m = await person(origin);
  // The bank card must be in the verified name.
  await verifyIdentity(origin, m.token, 'Merchant Wang');
  await addBank(origin, m, 'Merchant Wang');
  dataOf(await as(origin, m, 'legal/merchantApply', { nickname: `Shop ${m.id}` }));
  const apps = await opsCall(origin, 'GET', 'legal/applications', { status: 'review' });
  const app = (apps.body.data as Array<{ id: number; userId: number }>).find((a) => a.userId === m.id)!;
  return { m, appId: app.id };
}

/** Publishes an ad with defaults: USDT/CNY at 7.00, 10–7000 CNY, 500 USDT, bank. */
export async function publish(
  origin: string,
  m: Person,
  fields: Record<string, string | number> = {},
): Promise<LegalAd> {
  return dataOf<LegalAd>(
    await as(origin, m, 'legal/adSave', {
      side: 'sell',
      coin: 'USDT',
      currency: 'CNY',
      price: '7.00',
      min: '10',
      max: '7000',
      total: '500',
      methods: 'bank',
      autoCancelMin: 0,
      ...fields,
    }),
  );
}

/** Takes an ad and returns the order. */
export async function take(
  origin: string,
  p: Person,
  adId: number,
  by: 'amount' | 'qty',
  value: string,
): Promise<LegalOrder> {
  return dataOf<LegalOrder>(await as(origin, p, 'legal/take', { adId, by, value }));
}

/** Balance of a user's legal account in USDT, as decimal strings with 8 places. */
export function legalBalance(
  dataDir: string,
  userId: number,
): Promise<{ available: bigint; frozen: bigint }> {
  return accountBalance(dataDir, userId, 'legal');
}

/** Every row the area and the ledger hold (a refused request must leave it as it was). */
export function legalState(dataDir: string): Promise<unknown> {
  return withServerDb(
    dataDir,
    async (db) => {
      const state: Record<string, unknown[]> = {};
      // Each of these tables' id is its row order (SQLite's rowid).
      const tables = ['legal_methods', 'legal_applications', 'legal_ads', 'legal_orders', 'legal_events'];
      for (const t of tables) state[t] = await db.all(`select * from ${t} order by id`);
      return {
        ...state,
        appeals: await db.all('select * from legal_appeals order by id'),
        freezes: await db.all('select * from legal_freezes order by id'),
        cancels: await db.all('select * from legal_cancels order by user_id, day'),
        balances: await db.all('select * from balances order by user_id, account, coin'),
        journal: await db.all('select count(*) as n from journal'),
      };
    },
    { bigints: true },
  );
}

/** USDT in ledger units (1e-8). */
export const U = (v: string): bigint => {
  const [w, f = ''] = v.split('.');
  return BigInt(w!) * 100_000_000n + BigInt(f.padEnd(8, '0') || '0');
};

/** A socket of `p` subscribed to the `legal` channel, collecting order pushes. */
export async function watchLegal(
  origin: string,
  p: Person,
): Promise<{ orders: LegalOrder[]; close(): void }> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`);
  const orders: LegalOrder[] = [];
  const subbed = new Promise<void>((resolve) =>
    ws.on('message', (raw: WebSocket.RawData) => {
      const m = JSON.parse(raw.toString()) as { op?: string; ch?: string; data?: LegalOrderPush };
      if (m.op === 'subbed' && m.ch === 'legal') resolve();
      if (m.ch === 'legal' && m.data?.type === 'order') orders.push(m.data.order);
    }),
  );
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ op: 'auth', token: p.token }));
  ws.send(JSON.stringify({ op: 'sub', ch: 'legal' }));
  await subbed;
  return { orders, close: () => ws.close() };
}

/** Waits until `check` passes or `ms` elapse. */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
