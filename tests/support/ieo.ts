import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IeoCommit, IeoDetail, IeoMine, IeoProject } from '../../domain/ieo-types';
import { defaultModules } from '../../server/app';
import { createIeoModule, type IeoModule } from '../../server/ieo';
import { callApi } from './api';
import { accountBalance, call, dataOf, fund, rowsOf, SNAPSHOT_QUERIES } from './assets';
import { opsCall, setTradePassword, TRADE_PWD } from './bank';
import { fakeClock, person, type FakeClock, type Person } from './legal';
import { removeTestData, startTestServer, type TestServer } from './server';

export { fakeClock, TRADE_PWD, type FakeClock, type Person };

/** A real server whose IEO area runs on `clock`; `ieo.sweep()` runs the allocation timer at once. */
export interface IeoServer extends TestServer {
  clock: FakeClock;
  ieo: IeoModule;
}

/**
 * Starts the server (no market simulator, operator token `test-token`) on `dataDir` or a fresh one,
 * its IEO area on `clock`. `catalog` replaces top-level catalog keys (such as `ieo`).
 */
export async function startIeoServer(
  opts: { dataDir?: string; clock?: FakeClock; catalog?: Record<string, unknown> } = {},
): Promise<IeoServer> {
  const owned = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ieo-test-'));
  let catalogFile: string | undefined;
  if (opts.catalog) {
    catalogFile = path.join(dataDir, 'catalog.json');
    fs.writeFileSync(catalogFile, JSON.stringify(opts.catalog));
  }
  const clock = opts.clock ?? fakeClock();
  const ieo = createIeoModule({ now: () => clock.now() });
  const modules = defaultModules().map((m) => (m.name === 'ieo' ? ieo : m));
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
    ieo,
    stop: () => server.stop(),
    async close() {
      await server.stop();
      if (owned) await removeTestData(dataDir);
    },
  };
}

/** One second, in ms. */
export const S = 1_000;

/**
 * Creates a project through the operator API: 0.5 USDT a NOVA-like coin, lots of 10 (5 USDT each),
 * 100 coins (10 lots), a cap of 100 USDT; preheat now, opening in 10 s, closing in 20 s on `clock`.
 */
export async function createProject(
  s: { origin: string; clock: FakeClock },
  fields: Record<string, string | number> = {},
): Promise<IeoProject> {
  const now = s.clock.now();
  const reply = await opsCall(s.origin, 'POST', 'ieo/create', {
    name: 'Nova Launch',
    coin: `N${Math.floor(Math.random() * 1e6)}`,
    coinName: 'Nova Token',
    coinDecimals: 4,
    quote: 'USDT',
    price: '0.5',
    lot: '10',
    total: '100',
    cap: '100',
    preheatAt: now,
    opensAt: now + 10 * S,
    closesAt: now + 20 * S,
    website: 'https://nova.example',
    whitepaper: 'https://nova.example/paper.pdf',
    explorer: 'https://explorer.example/token/nova',
    description: 'A test project.',
    ...fields,
  });
  if (reply.body?.code !== 200) throw new Error(`ieo/create failed: ${JSON.stringify(reply.body)}`);
  return reply.body.data as IeoProject;
}

/** A new user with `usdt` in spot (and the trade password set when `tradePassword`). */
export async function subscriber(
  s: TestServer,
  usdt: string | null,
  opts: { tradePassword?: boolean } = {},
): Promise<Person> {
  const p = await person(s.origin);
  if (usdt !== null) await fund(s.dataDir, p.id, 'USDT', usdt);
  if (opts.tradePassword) await setTradePassword(s.origin, p.account, p.token);
  return p;
}

/** Subscribes `amount` to project `id`; the raw reply. */
export function subscribe(
  origin: string,
  p: Person,
  id: number,
  amount: string,
  lang?: string,
  tradePassword = TRADE_PWD,
) {
  return call(origin, 'ieo/subscribe', p.token, { id, amount, tradePassword }, lang);
}

export async function subscribed(origin: string, p: Person, id: number, amount: string): Promise<IeoCommit> {
  return dataOf<IeoCommit>(await subscribe(origin, p, id, amount));
}

export async function projectOf(origin: string, id: number): Promise<IeoProject> {
  return dataOf<IeoDetail>(await callApi(origin, 'ieo/project', { id })).project;
}

export async function mine(origin: string, p: Person): Promise<IeoMine> {
  return dataOf<IeoMine>(await call(origin, 'ieo/mine', p.token));
}

/** A user's `spot` balance of `coin` in ledger units. */
export const spotOf = (dataDir: string, userId: number, coin = 'USDT') =>
  accountBalance(dataDir, userId, 'spot', coin);

/** Everything a refused subscription must leave as it was: balances, journal, commits. */
export function ieoSnapshot(dataDir: string, userId: number): Promise<unknown> {
  return rowsOf(dataDir, userId, {
    balances: SNAPSHOT_QUERIES.balances,
    journal: SNAPSHOT_QUERIES.journal,
    commits: 'select count(*) as n, max(id) as last from ieo_commits where user_id = ?',
    allocations: 'select count(*) as n from ieo_allocations where user_id = ?',
  });
}
