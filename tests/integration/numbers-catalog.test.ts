import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogInfo } from '../../domain';
import { coinDisplayDecimals } from '../../domain';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';

// Issue 10: pages show balances at each coin's display decimals, so the public catalog carries them.
describe('the public catalog names each coin’s display decimals', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('within the coin’s own decimals, USDT at 2 and BTC at 6', async () => {
    const reply = await callApi(server.origin, 'market/catalog', {});
    expect(reply.body?.code).toBe(200);
    const catalog = reply.body!.data as CatalogInfo;
    for (const coin of catalog.coins) {
      expect(Number.isInteger(coin.displayDecimals), coin.symbol).toBe(true);
      expect(coinDisplayDecimals(coin)).toBeLessThanOrEqual(coin.decimals);
    }
    const of = (s: string) => coinDisplayDecimals(catalog.coins.find((c) => c.symbol === s)!);
    expect(of('USDT')).toBe(2);
    expect(of('BTC')).toBe(6);
  });
});
