import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import { callApi } from '../support/api';
import { readOutboxCode } from '../support/server';
import { dataOf } from '../support/assets';
import {
  expectLedgerSound,
  keyOf,
  lever,
  leverSnapshot,
  spotPair,
  startLeverServer,
  trader,
  type LeverServer,
} from '../support/lever';
import type { LeverOrder } from '../../domain';

// A catalog that asks for the trade password and keeps prices fresh for only 1.5 s (long enough for
// the calls right after a trade on a loaded machine, short enough to wait out).
const STALE_MS = 1_500;
let s: LeverServer;
beforeAll(async () => {
  s = await startLeverServer({
    catalog: { lever: { ...DEFAULT_CATALOG.lever, tradePassword: 'always', staleMs: STALE_MS } },
  });
});
afterAll(() => s?.close());

const open = (u: Awaited<ReturnType<typeof trader>>, extra: Record<string, string> = {}) =>
  lever(s, u, 'lever/open', {
    symbol: 'BTC/USDT',
    side: 'long',
    type: 'market',
    multiple: 10,
    hands: 1,
    ...extra,
  });

describe('lever catalog policies', () => {
  it('asks for the trade password when the catalog says so, and refuses a stale price', async () => {
    const trade = await spotPair(s);
    const u = await trader(s, '1000');
    await trade('BTC/USDT', '64000.00', '0.01');
    const before = await leverSnapshot(s, u.id);
    const none = await open(u, { tradePassword: 'Trade123' });
    expect(none.status).toBe(401);
    expect(none.body.key).toBe('noTradePassword');

    // Set the trade password through the real endpoints.
    const account = ((await lever(s, u, 'user/info')).body.message as { account: string }).account;
    await callApi(s.origin, 'sms/send', { account, scene: 'tradePwd' }, { token: u.token });
    const code = await readOutboxCode(s.origin, account);
    dataOf(await lever(s, u, 'user/tradePwd', { code, password: 'Trade123', confirm: 'Trade123' }));

    expect(keyOf(await open(u))).toBe('required');
    expect(keyOf(await open(u, { tradePassword: 'Wrong999' }))).toBe('incorrectTradePassword');
    expect(await leverSnapshot(s, u.id)).toEqual(before);
    await trade('BTC/USDT', '64000.00', '0.01');
    const o = dataOf<LeverOrder>(await open(u, { tradePassword: 'Trade123' }));

    // Longer than STALE_MS without a trade: the contract price is stale; opening and closing are refused.
    await new Promise((r) => setTimeout(r, STALE_MS + 300));
    const held = await leverSnapshot(s, u.id);
    expect(keyOf(await open(u, { tradePassword: 'Trade123' }))).toBe('noOptimalPrice');
    expect(keyOf(await lever(s, u, 'lever/close', { id: o.id }))).toBe('noOptimalPrice');
    expect(keyOf(await lever(s, u, 'lever/closeAll', { scope: 'all' }))).toBe('noOptimalPrice');
    expect(await leverSnapshot(s, u.id)).toEqual(held);
    await trade('BTC/USDT', '64100.00', '0.01');
    expect(keyOf(await lever(s, u, 'lever/close', { id: o.id }))).toBe('ok');
    await expectLedgerSound(s);
  });
});
