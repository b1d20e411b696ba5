import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthSnapshot } from '../../domain';
import { loadCatalog } from '../../server/market/catalog';
import { SIM_STEP_MS } from '../../server/trade/module';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';

/** Levels the simulator quotes per side (MarketMakerSim's default). */
const LADDER = 8;
const SYMBOLS = loadCatalog(undefined).pairs.map((p) => p.symbol);

let server: TestServer;
let readyAt: number;
beforeAll(async () => {
  server = await startTestServer();
  readyAt = Date.now();
});
afterAll(() => server?.close());

describe('the market maker quotes its full ladder before the server is ready', () => {
  it('every book is full on both sides on the first requests', async () => {
    const depths = await Promise.all(
      SYMBOLS.map(async (symbol) => {
        const d = (await callApi(server.origin, 'market/depth', { symbol })).body.data as DepthSnapshot;
        return { symbol, bids: d.bids.length, asks: d.asks.length };
      }),
    );
    // The first simulator step (which may take a level) comes SIM_STEP_MS after start; on a machine
    // too slow to ask before it, a level taken by that step is allowed.
    const before = Date.now() - readyAt < SIM_STEP_MS * 0.9;
    for (const d of depths) {
      if (before) expect(d).toEqual({ symbol: d.symbol, bids: LADDER, asks: LADDER });
      else expect(Math.min(d.bids, d.asks), d.symbol).toBeGreaterThanOrEqual(LADDER - 2);
    }
  });

  it('the demo account can sign in at once', async () => {
    const login = await callApi(server.origin, 'user/login', {
      account: 'demo@example.com',
      password: 'Demo1234',
    });
    expect(login.body?.type).toBe('ok');
  });
});
