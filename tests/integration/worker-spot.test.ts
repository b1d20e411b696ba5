// The worker core in Node against the real server with its market simulator: the demo account places,
// fills and cancels spot orders and sees its private order and balance events.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BalanceLine, PrivateEvent, SpotOrder } from '../../domain';
import { createCore, type Core } from '../../worker/core';
import type { BookView } from '../../worker/core-api';
import { startTestServer } from '../support/server';

let server: Awaited<ReturnType<typeof startTestServer>>;
let core: Core;
const events: PrivateEvent[] = [];

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function balance(coin: string): Promise<BalanceLine> {
  const out = await core.call('assets/balances', {});
  if (!out.ok) throw new Error(`balances: ${JSON.stringify(out)}`);
  return out.data.find((b) => b.account === 'spot' && b.coin === coin)!;
}

const orderEvent = (id: number, status: SpotOrder['status']) =>
  events.find(
    (e): e is Extract<PrivateEvent, { type: 'order' }> =>
      e.type === 'order' && e.order.id === id && e.order.status === status,
  );

beforeAll(async () => {
  server = await startTestServer();
  core = createCore({
    fetch: (u, i) => fetch(u, i),
    WebSocket,
    indexedDB,
    IDBKeyRange,
    dbName: `spot-it-${process.pid}`,
  });
  await core.init({ origin: server.origin, socketPath: '/ws' });
  const login = await core.call('user/login', { account: 'demo@example.com', password: 'Demo1234' });
  expect(login).toMatchObject({ ok: true });
  await core.subscribe('private', (data) => events.push(data as PrivateEvent));
});

afterAll(async () => {
  await core?.dispose();
  await server?.close();
});

describe('worker core: spot trading against the real server', () => {
  it('places a resting limit buy, sees it privately, cancels it and gets the balance back', async () => {
    const before = await balance('USDT');
    const placed = await core.call('trade/place', {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '1000.00',
      qty: '0.01000',
      clientOrderId: 'it-rest-1',
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect(placed.data).toMatchObject({ status: 'open', price: '1000.00', qty: '0.01000' });
    const during = await balance('USDT');
    expect(during.frozen).toBe('10.00000000');
    await until('the private open-order event', () => orderEvent(placed.data.id, 'open'));

    const open = await core.call('trade/orders', { symbol: 'BTC/USDT', status: 'open' });
    expect(open.ok && open.data.map((o) => o.id)).toContain(placed.data.id);

    const cancelled = await core.call('trade/cancel', { orderId: placed.data.id });
    expect(cancelled).toMatchObject({ ok: true, data: { status: 'cancelled', reason: 'cancelled' } });
    await until('the private cancel event', () => orderEvent(placed.data.id, 'cancelled'));
    expect(await balance('USDT')).toEqual(before);
    expect(events.some((e) => e.type === 'balance')).toBe(true);
  });

  it('fills a market buy against the simulated makers and lists the fill', async () => {
    const view = await new Promise<BookView>((resolve) => {
      void core.watchBook('BTC/USDT', { rows: 5, step: '0.01', side: 'both' }, (v) => {
        if (v.status === 'live' && v.asks.length > 0) resolve(v);
      });
    });
    expect(view.asks[0]!.price).toMatch(/^\d+\.\d{2}$/);
    const btcBefore = await balance('BTC');
    const placed = await core.call('trade/place', {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'market',
      amount: '50',
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect(Number(placed.data.filledQty)).toBeGreaterThan(0);
    expect(placed.data.status).not.toBe('open');
    const btcAfter = await balance('BTC');
    expect(btcAfter.available).not.toBe(btcBefore.available);
    const fills = await core.call('trade/fills', { symbol: 'BTC/USDT' });
    expect(fills.ok && fills.data.some((f) => f.orderId === placed.data.id && f.role === 'taker')).toBe(true);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = await balance('USDT');
    const offGrid = await core.call('trade/place', {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '1000.001',
      qty: '0.01',
    });
    expect(offGrid).toMatchObject({ ok: false, intent: 'message', messageKey: 'priceStep', field: 'price' });
    const tooMuch = await core.call('trade/place', {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '1000000',
      qty: '1',
    });
    expect(tooMuch).toMatchObject({ ok: false, intent: 'message', messageKey: 'insufficientBalance' });
    expect(await balance('USDT')).toEqual(before);
  });
});
