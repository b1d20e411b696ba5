// The worker core in Node against the real server: the demo account's journaled option grant, an
// option placed through the core, the watcher's open state with the server clock, and the
// settlement arriving as a private event without a re-read.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { SecondOption } from '../../domain/second-endpoints';
import { createCore, type Core } from '../../worker/core';
import type { SecondState } from '../../worker/core-api';
import { removeTestData, type TestServer } from '../support/server';
import { violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { newUser, startSecondServer, trade, until } from '../support/second';

let server: TestServer;
let core: Core;
let firstDataDir: string | undefined;

beforeAll(async () => {
  server = await startSecondServer();
  firstDataDir = server.dataDir;
  core = createCore({
    fetch: (u, i) => fetch(u, i),
    WebSocket,
    indexedDB,
    IDBKeyRange,
    dbName: `second-it-${process.pid}`,
  });
  await core.init({ origin: server.origin, socketPath: '/ws' });
  const login = await core.call('user/login', { account: 'demo@example.com', password: 'Demo1234' });
  expect(login).toMatchObject({ ok: true });
});

afterAll(async () => {
  await core?.dispose();
  await server?.close();
  // The restarted server runs on the first one's data directory, which is then not its own to remove.
  if (firstDataDir) await removeTestData(firstDataDir);
});

it('the demo account has its journaled second grant, once', async () => {
  const balances = await core.call('assets/balances', {});
  expect(balances.ok && balances.data.find((b) => b.account === 'second')).toMatchObject({
    coin: 'USDT',
    available: '10000.00000000',
  });
  const rows = await withServerDb(server.dataDir, (db) =>
    db.all(`select kind, actor from ledger_tx where ref_type = 'second_demo'`),
  );
  expect(rows).toEqual([{ kind: 'demo.grant', actor: 'system' }]);
});

it('places through the core, watches the countdown state and sees the settlement event', async () => {
  const maker = await newUser(server, { spotBtc: '1' });
  const taker = await newUser(server, { spotUsdt: '100000' });
  await trade(server.origin, maker, taker, '60000');
  const states: SecondState[] = [];
  const watch = await core.watchSecond((s) => void states.push(s));
  await until('first sync', () => states.find((s) => !s.cached));

  const placed = await core.call('second/place', {
    symbol: 'BTC/USDT',
    seconds: 2,
    direction: 'down',
    stake: '25',
    clientOrderId: 'w-1',
  });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  const open = await until('open option in the state', () =>
    states.find((s) => s.open.some((o) => o.id === placed.data.id)),
  );
  expect(Math.abs(open.clockOffsetMs)).toBeLessThan(1_000);
  await trade(server.origin, maker, taker, '59990');
  const done = await until('settled option in the state', () =>
    states.at(-1)?.settled.find((o: SecondOption) => o.id === placed.data.id),
  );
  expect(done).toMatchObject({ result: 'won', credited: '46.25' });
  expect(states.at(-1)?.open).toEqual([]);
  await core.unwatchSecond(watch);

  const preview = await core.previewSecond({
    stake: '25',
    duration: { seconds: 2, payoutRate: '0.85', minStake: '10', maxStake: '1000', exposureCap: '1' },
    stakeDecimals: 2,
  });
  expect(preview.payout).toBe('46.25');
  expect(await violations(server.dataDir)).toEqual([]);
});

it('after a server restart the watcher reconnects and shows what settled while it was away', async () => {
  const maker = await newUser(server, { spotBtc: '1' });
  const taker = await newUser(server, { spotUsdt: '100000' });
  await trade(server.origin, maker, taker, '61000');
  const states: SecondState[] = [];
  const watch = await core.watchSecond((s) => void states.push(s));
  const placed = await core.call('second/place', {
    symbol: 'BTC/USDT',
    seconds: 1,
    direction: 'up',
    stake: '10',
  });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  await until('open option in the state', () =>
    states.find((s) => s.open.some((o) => o.id === placed.data.id)),
  );
  await trade(server.origin, maker, taker, '61000.5');
  // Down before the expiry: the option settles in the next start's catch-up, whose event nobody hears.
  const port = Number(new URL(server.origin).port);
  await server.stop();
  await new Promise((r) => setTimeout(r, 1_500));
  server = await startSecondServer({ dataDir: server.dataDir, port });
  const done = await until(
    'settled option after the reconnect',
    () => states.at(-1)?.settled.find((o) => o.id === placed.data.id),
    20_000,
  );
  expect(done).toMatchObject({ result: 'won', credited: '18.00' });
  expect(done.settledAt! - done.expiresAt).toBeGreaterThan(0);
  await core.unwatchSecond(watch);
}, 40_000);
