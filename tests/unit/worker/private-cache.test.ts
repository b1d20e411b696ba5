import { describe, expect, it } from 'vitest';
import type { LeverOrder, SpotOrder } from '../../../domain';
import { fixedDb } from '../../../worker/market/feed-context';
import { createPrivateCache, privateKey } from '../../../worker/shared/dated/private-cache';
import { deviceStores } from '../../support/device';

const stores = deviceStores('private-cache');
function cache() {
  const db = stores.db();
  return { db, cache: createPrivateCache(fixedDb(db)) };
}

const order = (id: number, symbol: string, status: SpotOrder['status'] = 'open') =>
  ({ id, symbol, status }) as SpotOrder;
const yes = () => true;

describe('private cache', () => {
  it('keys a request by user, endpoint and sorted fields; later pages and other endpoints are not kept', () => {
    expect(privateKey(7, 'trade/orders', { symbol: 'BTC/USDT', status: 'open' })).toBe(
      privateKey(7, 'trade/orders', { status: 'open', symbol: 'BTC/USDT' }),
    );
    expect(privateKey(7, 'trade/orders', { status: 'open' })).not.toBe(
      privateKey(8, 'trade/orders', { status: 'open' }),
    );
    expect(privateKey(7, 'assets/journal', { limit: 20, before: 99 })).toBeNull();
    expect(privateKey(7, 'trade/place', {})).toBeNull();
    expect(privateKey(7, 'user/info', {})).toBeNull();
  });

  it('answers only the user it was kept for, dated', async () => {
    const { cache: c } = cache();
    await c.save(7, 'assets/balances', {}, [], 1234, yes);
    expect(await c.read(7, 'assets/balances', {})).toEqual({ data: [], savedAt: 1234, source: 'cache' });
    expect(await c.read(8, 'assets/balances', {})).toBeNull();
  });

  it('writes nothing once the session it belongs to ended', async () => {
    const { cache: c, db } = cache();
    await c.save(7, 'assets/balances', {}, [], 1, () => false);
    expect(await db.private.count()).toBe(0);
  });

  it('puts an order event into the kept open lists of its market (and of all markets), and takes it out when it ends', async () => {
    const { cache: c } = cache();
    const btc = { status: 'open', symbol: 'BTC/USDT', limit: 100 } as const;
    const eth = { status: 'open', symbol: 'ETH/USDT', limit: 100 } as const;
    const all = { status: 'open', limit: 100 } as const;
    const history = { status: 'history', limit: 20 } as const;
    for (const req of [btc, eth, all, history])
      await c.save(7, 'trade/orders', req, [order(1, 'BTC/USDT')], 1, yes);
    await c.applyEvent(7, { type: 'order', order: order(5, 'BTC/USDT') }, 2, yes);
    const ids = async (req: typeof btc | typeof eth | typeof all | typeof history) =>
      ((await c.read(7, 'trade/orders', req))?.data as SpotOrder[]).map((o) => o.id);
    expect(await ids(btc)).toEqual([5, 1]);
    expect(await ids(all)).toEqual([5, 1]);
    expect(await ids(eth)).toEqual([1]);
    expect(await ids(history)).toEqual([1]);
    await c.applyEvent(7, { type: 'order', order: order(1, 'BTC/USDT', 'filled') }, 3, yes);
    expect(await ids(btc)).toEqual([5]);
    expect((await c.read(7, 'trade/orders', btc))?.savedAt).toBe(3);
  });

  it('moves a contract order event between the kept first pages of the contract order tabs', async () => {
    const { cache: c } = cache();
    const lev = (id: number, status: LeverOrder['status']) =>
      ({ id, symbol: 'BTC/USDT', status }) as LeverOrder;
    const tabs = ['all', 'trading', 'closed'] as const;
    await c.save(
      7,
      'lever/orders',
      { status: 'all', limit: 20 },
      [lev(4, 'trading'), lev(2, 'closed')],
      1,
      yes,
    );
    await c.save(7, 'lever/orders', { status: 'trading', limit: 20 }, [lev(4, 'trading')], 1, yes);
    await c.save(7, 'lever/orders', { status: 'closed', limit: 20 }, [lev(2, 'closed')], 1, yes);
    const shown = async () => {
      const out: Record<string, string[]> = {};
      for (const status of tabs) {
        const kept = await c.read(7, 'lever/orders', { status, limit: 20 });
        out[status] = (kept?.data as LeverOrder[]).map((o) => `${o.id}:${o.status}`);
      }
      return out;
    };
    // A take-profit closed position 4: out of the open tab, into the closed one, updated in all.
    await c.applyEvent(7, { type: 'lever', order: lev(4, 'closed') }, 5, yes);
    expect(await shown()).toEqual({
      all: ['4:closed', '2:closed'],
      trading: [],
      closed: ['4:closed', '2:closed'],
    });
    // An order older than a whole kept page belongs to a later page, which is not kept.
    await c.applyEvent(7, { type: 'lever', order: lev(1, 'closed') }, 6, yes);
    expect((await shown()).closed).toEqual(['4:closed', '2:closed']);
    expect((await c.read(7, 'lever/orders', { status: 'all', limit: 20 }))?.savedAt).toBe(6);
  });

  it('replaces the kept balances with a balance event', async () => {
    const { cache: c } = cache();
    const lines = [{ account: 'spot', coin: 'USDT', available: '1', frozen: '0' }] as never;
    await c.applyEvent(7, { type: 'balance', balances: lines }, 9, yes);
    expect(await c.read(7, 'assets/balances', {})).toEqual({ data: lines, savedAt: 9, source: 'cache' });
  });
});
