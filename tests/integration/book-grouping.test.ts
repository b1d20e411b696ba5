// The worker core in Node against the real server and its market simulator: for every grouping
// step of the trade page and every row count, the rows the UI receives equal the grouped levels of
// the REST snapshot at the same sequence; and a market order that sweeps one side of the book is
// followed by a full ladder on that side within two simulator steps.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DepthSnapshot } from '../../domain';
import { bookSteps } from '../../domain/spot-math';
import { SIM_STEP_MS } from '../../server/trade/module';
import { createCore, type Core } from '../../worker/core';
import type { BookView } from '../../worker/core-api';
import { callApi } from '../support/api';
import { asRefRows, groupReference } from '../support/book-reference';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let core: Core;
beforeAll(async () => {
  server = await startTestServer();
  core = createCore({
    fetch: (u, i) => fetch(u, i),
    WebSocket,
    indexedDB,
    IDBKeyRange,
    dbName: `book-grouping-${process.pid}`,
  });
  await core.init({ origin: server.origin, socketPath: '/ws' });
});
afterAll(async () => {
  await core?.dispose();
  await server?.close();
});

const rest = async (symbol: string) =>
  (await callApi(server.origin, 'market/depth', { symbol })).body.data as DepthSnapshot;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('order book rows against the REST snapshot', () => {
  it.each([
    ['BTC/USDT', '0.01'],
    ['ETH/BTC', '0.00001'],
  ])(
    '%s: every step and row count',
    async (symbol, tick) => {
      const views: BookView[] = [];
      const id = await core.watchBook(symbol, { rows: 5, step: tick, side: 'both' }, (v) => views.push(v));
      try {
        for (const step of bookSteps(tick)) {
          for (const rows of [5, 10, 20]) {
            await core.setBookView(id, { rows, step, side: 'both' });
            // The live book moves every second: compare a view and a snapshot of the same sequence.
            let matched = false;
            for (let attempt = 0; attempt < 40 && !matched; attempt++) {
              await pause(50);
              const v = views.at(-1);
              if (!v || v.step !== step || v.status !== 'live') continue;
              const snap = await rest(symbol);
              const now = views.at(-1)!;
              if (snap.seq !== v.seq || now.seq !== v.seq || now.step !== step) continue;
              expect(
                { bids: asRefRows(v.bids), asks: asRefRows(v.asks) },
                `${symbol} ${step} × ${rows}`,
              ).toEqual({
                bids: groupReference(snap.bids, 'bid', step, rows),
                asks: groupReference(snap.asks, 'ask', step, rows),
              });
              matched = true;
            }
            expect(matched, `${symbol} ${step} × ${rows}: a view at the REST sequence`).toBe(true);
          }
        }
      } finally {
        await core.unwatch(id);
      }
    },
    60_000,
  );

  it('a market sell that sweeps every bid is followed by a full bid ladder within two steps', async () => {
    const login = await callApi(server.origin, 'user/login', {
      account: 'demo@example.com',
      password: 'Demo1234',
    });
    const token = (login.body.message as { token: string }).token;
    const sold = await callApi(
      server.origin,
      'trade/place',
      { symbol: 'BTC/USDT', side: 'sell', type: 'market', qty: '1' },
      { token },
    );
    expect(sold.body?.code).toBe(200);
    const views: BookView[] = [];
    const id = await core.watchBook('BTC/USDT', { rows: 10, step: '0.1', side: 'both' }, (v) =>
      views.push(v),
    );
    try {
      // A step cancels its drifted quotes before it places new ones, and may then take a level or
      // two: a snapshot taken mid-step can be short. The ladder must be whole at some instant,
      // in the snapshot and in the view; left bare, as it was when traded quotes were not
      // forgotten, it stays short for many steps. The slack covers a step slowed by a loaded machine.
      const deadline = Date.now() + SIM_STEP_MS * 2 + 2_000;
      let whole = { rest: 0, view: 0 };
      while (Date.now() < deadline && (whole.rest < 8 || whole.view < 8)) {
        await pause(100);
        whole = { rest: (await rest('BTC/USDT')).bids.length, view: views.at(-1)?.bids.length ?? 0 };
      }
      expect(whole.rest).toBeGreaterThanOrEqual(8);
      expect(whole.view).toBeGreaterThanOrEqual(8);
    } finally {
      await core.unwatch(id);
    }
  });
});
