// The worker core in Node against the real server: the signed-in user's private cache (balances, open
// orders, deposit address, first journal page) in IndexedDB, answered when the server cannot be
// reached, kept current by private events, resynced after a lost socket, and dropped with the session.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { PrivateEvent, SessionGrant, SpotOrder } from '../../domain';
import type { FetchLike } from '../../worker/api-client';
import { createCore, type Core } from '../../worker/core';
import { openDb } from '../../worker/store';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let core: Core;
const dbName = `private-cache-it-${process.pid}`;
/** While true, every request fails at the network, as on a phone without signal. */
let unreachable = false;
const sockets: WebSocket[] = [];

/** A WebSocket that the test can cut (recorded on construction). */
class CuttableSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    sockets.push(this);
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Rows in the private table of the core's database, read through a second connection. */
async function privateRows(): Promise<number> {
  const db = openDb({ name: dbName, indexedDB, IDBKeyRange });
  try {
    return await db.private.count();
  } finally {
    db.close();
  }
}

/** Logs the demo account in through the worker core. */
async function loginDemo(): Promise<SessionGrant> {
  const out = await core.call('user/login', { account: 'demo@example.com', password: 'Demo1234' });
  if (!out.ok) throw new Error(JSON.stringify(out));
  return out.data;
}

const OPEN = { status: 'open', symbol: 'BTC/USDT', limit: 100 } as const;

beforeAll(async () => {
  server = await startTestServer();
  const fetchImpl: FetchLike = async (url, init) => {
    if (unreachable) throw new TypeError('Failed to fetch');
    return fetch(url, init);
  };
  core = createCore({
    fetch: fetchImpl,
    WebSocket: CuttableSocket as unknown as typeof WebSocket,
    indexedDB,
    IDBKeyRange,
    dbName,
  });
  await core.init({ origin: server.origin, socketPath: '/ws' });
  await loginDemo();
});

afterAll(async () => {
  await core?.dispose();
  await server?.close();
});

describe('worker core: the private cache', () => {
  it('keeps the last answer of each private read, dated, and only first pages', async () => {
    const before = Date.now();
    const reads = [
      ['assets/overview', {}],
      ['assets/balances', {}],
      ['assets/depositAddress', { coin: 'USDT', chain: 'TRC20' }],
      ['assets/journal', { limit: 20 }],
      ['trade/orders', OPEN],
    ] as const;
    for (const [name, req] of reads) {
      const out = await core.call(name, req as never);
      expect(out.ok, name).toBe(true);
      const cached = await core.cachedRead(name, req as never);
      expect(cached?.data, name).toEqual(out.ok && out.data);
      expect(cached?.source).toBe('cache');
      expect(cached!.savedAt).toBeGreaterThanOrEqual(before);
    }
    // The same request with its keys in another order is the same entry.
    expect(await core.cachedRead('assets/depositAddress', { chain: 'TRC20', coin: 'USDT' })).not.toBeNull();
    // A later page is never kept; nor a filter never asked for.
    await core.call('assets/journal', { limit: 20, before: 1_000_000 });
    expect(await core.cachedRead('assets/journal', { limit: 20, before: 1_000_000 })).toBeNull();
    expect(await core.cachedRead('assets/journal', { limit: 20, coin: 'BTC' })).toBeNull();
  });

  it('answers from the device only when the server cannot be reached', async () => {
    const live = await core.readPrivate('assets/balances', {});
    expect(live).toMatchObject({ ok: true, source: 'live' });
    unreachable = true;
    try {
      const offline = await core.readPrivate('assets/balances', {});
      expect(offline).toMatchObject({ ok: true, source: 'cache' });
      expect(offline.ok && offline.data).toEqual(live.ok && live.data);
      expect(offline.ok && offline.savedAt).toBeLessThanOrEqual(Date.now());
      // The plain call stays honest about the network.
      expect(await core.call('assets/balances', {})).toMatchObject({ ok: false, messageKey: 'offline' });
      // Nothing kept for this request: the failure itself.
      expect(await core.readPrivate('assets/journal', { account: 'lever', limit: 3 })).toMatchObject({
        ok: false,
        messageKey: 'offline',
      });
    } finally {
      unreachable = false;
    }
  });

  it('keeps open orders and balances current from the private channel', async () => {
    const events: PrivateEvent[] = [];
    const sub = await core.subscribe('private', (e) => events.push(e as PrivateEvent));
    await until('the private subscription', () => sockets.at(-1)?.readyState === WebSocket.OPEN);
    await new Promise((r) => setTimeout(r, 300));
    await core.call('trade/orders', OPEN);
    const placed = await core.call('trade/place', {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '1000.00',
      qty: '0.01000',
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    const id = placed.data.id;
    await until('the order event', () => events.some((e) => e.type === 'order' && e.order.id === id));
    await until('the cached open order', async () =>
      ((await core.cachedRead('trade/orders', OPEN))?.data as SpotOrder[]).some((o) => o.id === id),
    );
    await until('the cached frozen balance', async () => {
      const lines = (await core.cachedRead('assets/balances', {}))?.data ?? [];
      return lines.some((b) => b.account === 'spot' && b.coin === 'USDT' && b.frozen !== '0.00000000');
    });
    const cancelled = await core.call('trade/cancel', { orderId: id });
    expect(cancelled.ok).toBe(true);
    await until('the cancelled order to leave the cached list', async () =>
      ((await core.cachedRead('trade/orders', OPEN))?.data as SpotOrder[]).every((o) => o.id !== id),
    );
    await core.unsubscribe(sub);
  });

  it('tells private listeners when the channel streams again after a lost connection', async () => {
    let resyncs = 0;
    const sub = await core.subscribe(
      'private',
      () => undefined,
      () => (resyncs += 1),
    );
    await until('an open socket', () => sockets.at(-1)?.readyState === WebSocket.OPEN);
    await new Promise((r) => setTimeout(r, 300));
    expect(resyncs).toBe(0);
    const cutAt = Date.now();
    sockets.at(-1)!.terminate();
    await until('the resync signal', () => resyncs === 1, 5_000);
    // The first reconnect attempt comes after 1 s (spec §9 back-off).
    expect(Date.now() - cutAt).toBeLessThan(5_000);
    await core.unsubscribe(sub);
  });

  it('drops the private cache on logout', async () => {
    await core.call('assets/balances', {});
    expect(await privateRows()).toBeGreaterThan(0);
    expect((await core.call('user/logout', {})).ok).toBe(true);
    expect(await privateRows()).toBe(0);
    expect(await core.cachedRead('assets/balances', {})).toBeNull();
    // Signed out, an offline read has nothing to show.
    unreachable = true;
    try {
      expect((await core.readPrivate('assets/balances', {})).ok).toBe(false);
    } finally {
      unreachable = false;
    }
  });

  it('drops the private cache when the server ends the session', async () => {
    const grant = await loginDemo();
    await core.call('assets/balances', {});
    await core.call('trade/orders', OPEN);
    expect(await privateRows()).toBeGreaterThan(1);
    // Revoked elsewhere (another device logs this session out).
    expect((await callApi(server.origin, 'user/logout', {}, { token: grant.token })).status).toBe(200);
    expect(await core.call('assets/balances', {})).toMatchObject({ ok: false, intent: 'login' });
    expect(await privateRows()).toBe(0);
    expect(await core.currentUser()).toBeNull();
  });
});
