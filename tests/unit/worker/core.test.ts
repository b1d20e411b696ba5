import { hallRequest } from '../../../domain/legal-hall';
import { landingReads, queryOfWorkerName, routeOfWorkerName } from '../../../worker/landing-reads';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionGrant, UserInfo } from '../../../domain';
import type { SocketState } from '../../../worker/core-api';
import { PROBE_MS, createCore, type Core } from '../../../worker/core';
import { FakeWebSocket, fakeFetch, json, type FakeReply, type Recorded } from './fakes';

const ORIGIN = 'http://core.test:8080';
const user: UserInfo = {
  id: 3,
  account: 'c@d.co',
  accountKind: 'email',
  level: 'member',
  promoCode: 'QWER12',
  creditScore: 100,
  kyc: 'none',
  hasTradePassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const grant: SessionGrant = { token: 'tok-3', expiresAt: '2099-01-01T00:00:00.000Z', user };

let n = 0;
const cores: Core[] = [];
function core(reply: (req: Recorded) => FakeReply, dbName = `core-test-${++n}`) {
  const fetch = fakeFetch(reply);
  const c = createCore({ fetch, WebSocket: FakeWebSocket, indexedDB, IDBKeyRange, dbName });
  cores.push(c);
  return { c, fetch };
}

beforeEach(() => FakeWebSocket.reset());
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});

describe('core: wiring of client, store, session and socket', () => {
  it('boots with default prefs and no user, without calling the server', async () => {
    const { c, fetch } = core(() => json(500, {}));
    expect(await c.init({ origin: ORIGIN, socketPath: '/ws' })).toEqual({
      prefs: { lang: 'id', theme: 'dark', locale: 'id', addressList: [] },
      user: null,
    });
    expect(fetch.calls).toHaveLength(0);
  });

  it('stores the session after login and sends the token on variant-3 calls; logout clears it', async () => {
    const { c, fetch } = core((req) =>
      req.url.endsWith('/user/login')
        ? json(200, { type: 'ok', message: grant })
        : json(200, { code: 200, data: {}, msg: '' }),
    );
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    expect(await c.call('user/login', { account: 'c@d.co', password: 'x' })).toMatchObject({ ok: true });
    expect(await c.currentUser()).toEqual(user);
    await c.call('user/logout', {});
    expect(fetch.calls[1]!.init.headers.token).toBe('tok-3');
    expect(await c.currentUser()).toBeNull();
    await c.call('user/logout', {});
    expect(fetch.calls[2]!.init.headers.token).toBeUndefined();
  });

  it('clears the session on a login intent', async () => {
    const { c } = core((req) =>
      req.url.endsWith('/user/login')
        ? json(200, { type: 'ok', message: grant })
        : json(200, { code: 500, data: null, msg: 'expired' }),
    );
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    await c.call('user/login', { account: 'c@d.co', password: 'x' });
    expect(await c.call('user/modifyPwd', { oldPassword: 'x' })).toMatchObject({
      ok: false,
      intent: 'login',
    });
    expect(await c.currentUser()).toBeNull();
  });

  it('refreshes a stored session with user/info at init, and keeps it when offline', async () => {
    const dbName = `core-refresh-${++n}`;
    const first = core(() => json(200, { type: 'ok', message: grant }), dbName);
    await first.c.call('user/login', { account: 'c@d.co', password: 'x' });
    await first.c.dispose();

    const online = core(() => json(200, { type: 'ok', message: { ...user, creditScore: 80 } }), dbName);
    const boot = await online.c.init({ origin: ORIGIN, socketPath: '/ws' });
    expect(boot.user?.creditScore).toBe(80);
    expect(online.fetch.calls[0]!.url).toBe(`${ORIGIN}/api/user/info`);
    expect(online.fetch.calls[0]!.init.headers.Authorization).toBe('Bearer tok-3');
    await online.c.dispose();

    const offline = core(() => ({ throws: new TypeError('offline') }), dbName);
    expect((await offline.c.init({ origin: ORIGIN, socketPath: '/ws' })).user?.creditScore).toBe(80);
    await offline.c.dispose();

    const expired = core(() => json(200, { type: '999', message: 'expired' }), dbName);
    expect((await expired.c.init({ origin: ORIGIN, socketPath: '/ws' })).user).toBeNull();
  });

  it('sends the chosen language in the lang header', async () => {
    const { c, fetch } = core(() => json(200, { code: 200, data: { exists: false }, msg: '' }));
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    expect(await c.setPrefs({ lang: 'vi' })).toMatchObject({ lang: 'vi', locale: 'vi' });
    await c.call('user/checkAccount', { account: 'x' });
    expect(fetch.calls[0]!.init.headers.lang).toBe('vi');
    expect(await c.getPrefs()).toMatchObject({ lang: 'vi' });
  });

  it('relays loading events', async () => {
    const { c } = core(() => json(200, { code: 200, data: {}, msg: '' }));
    const events: boolean[] = [];
    await c.onLoading((b) => events.push(b));
    await c.call('user/logout', {});
    expect(events).toEqual([true, false]);
  });

  it('connects the socket to origin + socketPath, and a socket subscribed before init waits for it', async () => {
    const { c } = core(() => json(200, {}));
    const states: SocketState[] = [];
    await c.onSocketState((s) => states.push(s));
    const got: unknown[] = [];
    const id = await c.subscribe('sys', (d) => got.push(d));
    expect(FakeWebSocket.instances).toHaveLength(0);
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    const ws = FakeWebSocket.last();
    expect(ws.url).toBe('ws://core.test:8080/ws');
    ws.open();
    expect(ws.messages()).toEqual([{ op: 'sub', ch: 'sys' }]);
    ws.receive({ ch: 'sys', data: { serverTime: 5 } });
    expect(got).toEqual([{ serverTime: 5 }]);
    await c.unsubscribe(id);
    expect(ws.messages().at(-1)).toEqual({ op: 'unsub', ch: 'sys' });
    expect(states).toEqual(['idle', 'connecting', 'open']);
  });

  it('authenticates the socket after login', async () => {
    const { c } = core(() => json(200, { type: 'ok', message: grant }));
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    await c.subscribe('sys', () => undefined);
    FakeWebSocket.last().open();
    await c.call('user/login', { account: 'c@d.co', password: 'x' });
    expect(FakeWebSocket.last().messages().at(-1)).toEqual({ op: 'auth', token: 'tok-3' });
  });
});

describe('core: finding out that the server is back', () => {
  it('probes settings every PROBE_MS while unreachable, and stops once a reply came', async () => {
    let down = true;
    const fetch = fakeFetch(() => (down ? { throws: new TypeError('offline') } : json(200, {})));
    const timers = manualTimers();
    const c = createCore({
      fetch,
      WebSocket: FakeWebSocket,
      indexedDB,
      IDBKeyRange,
      dbName: `probe-${++n}`,
      timers,
    });
    cores.push(c);
    const states: string[] = [];
    await c.onReachability((s) => void states.push(s));
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    await c.call('market/tickers', {});
    expect(states).toEqual(['online', 'offline']);
    const before = fetch.calls.length;
    timers.advance(PROBE_MS);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetch.calls.slice(before).map((x) => x.url)).toEqual([`${ORIGIN}/api/settings`]);
    down = false;
    timers.advance(PROBE_MS);
    await new Promise((r) => setTimeout(r, 10));
    expect(states).toEqual(['online', 'offline', 'online']);
    const after = fetch.calls.length;
    timers.advance(PROBE_MS * 3);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetch.calls.length).toBe(after);
  });

  it('the page telling it the network is back probes at once', async () => {
    let down = true;
    const { c, fetch } = core(() => (down ? { throws: new TypeError('offline') } : json(200, {})));
    const states: string[] = [];
    await c.onReachability((s) => void states.push(s));
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    await c.call('market/tickers', {});
    down = false;
    await c.networkChanged(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetch.calls.at(-1)!.url).toBe(`${ORIGIN}/api/settings`);
    expect(states).toEqual(['online', 'offline', 'online']);
  });
});

/** Timers whose intervals run only when the test advances them (timeouts never fire). */
function manualTimers() {
  let now = 0;
  const intervals = new Map<number, { fn: () => void; ms: number; next: number }>();
  let id = 0;
  return {
    setTimeout: () => ++id,
    clearTimeout: () => undefined,
    setInterval: (fn: () => void, ms: number) => {
      intervals.set(++id, { fn, ms, next: now + ms });
      return id;
    },
    clearInterval: (h: unknown) => void intervals.delete(h as number),
    now: () => now,
    advance(ms: number) {
      now += ms;
      for (const t of [...intervals.values()]) {
        while (t.next <= now) {
          t.next += t.ms;
          t.fn();
        }
      }
    },
  };
}

describe('core: market data read at worker start (the app asks for it)', () => {
  it('answers the first catalog call with the catalog read at init, without a second request', async () => {
    const catalog = { coins: [], pairs: [], quotes: [] };
    const { c, fetch } = core((req) =>
      req.url.includes('/market/catalog')
        ? json(200, { code: 200, data: catalog, msg: '' })
        : json(200, { code: 200, data: [], msg: '' }),
    );
    await c.init({ origin: ORIGIN, socketPath: '/ws', prefetchTickers: true });
    const catalogCalls = () => fetch.calls.filter((x) => x.url.includes('/market/catalog')).length;
    expect(catalogCalls()).toBe(1);
    expect(await c.call('market/catalog', {})).toMatchObject({ ok: true, data: catalog });
    expect(catalogCalls()).toBe(1);
    // Used once: the next call reads afresh.
    await c.call('market/catalog', {});
    expect(catalogCalls()).toBe(2);
  });

  it('reads the market once when the worker entry and init both ask, even after the page used it', async () => {
    const catalog = { coins: [], pairs: [], quotes: [] };
    const { c, fetch } = core((req) =>
      req.url.includes('/market/catalog')
        ? json(200, { code: 200, data: catalog, msg: '' })
        : json(200, { code: 200, data: [], msg: '' }),
    );
    const calls = (path: string) => fetch.calls.filter((x) => x.url.includes(path)).length;
    // The entry's read, then the page's first catalog call uses it before init runs.
    c.prefetchMarket();
    expect(await c.call('market/catalog', {})).toMatchObject({ ok: true, data: catalog });
    await c.init({ origin: ORIGIN, socketPath: '/ws', prefetchTickers: true });
    expect(calls('/market/catalog')).toBe(1);
    expect(calls('/market/tickers')).toBe(1);
  });

  it("reads a landing page's terms at start, once, for the page's first call of them", async () => {
    const terms = { pairs: [] };
    const { c, fetch } = core((req) =>
      req.url.includes('/lever/config')
        ? json(200, { code: 200, data: terms, msg: '' })
        : json(200, { code: 200, data: { coins: [], pairs: [], quotes: [] }, msg: '' }),
    );
    const calls = (path: string) => fetch.calls.filter((x) => x.url.includes(path)).length;
    c.prefetchMarket(routeOfWorkerName('core#/pages/lever/lever?symbol=ETH/USDT'));
    // Asked before the page asks.
    await vi.waitFor(() => expect(calls('/lever/config')).toBe(1));
    expect(await c.call('lever/config', {})).toMatchObject({ ok: true, data: terms });
    expect(calls('/lever/config')).toBe(1);
    // Used once: a later read (a pull to refresh) asks the server again.
    await c.call('lever/config', {});
    expect(calls('/lever/config')).toBe(2);
  });

  it("asks for a first visit's P2P ads once the terms are in, with the request the page makes", async () => {
    const config = {
      coins: [{ coin: 'BTC', decimals: 6 }],
      currencies: ['USD', 'IDR'],
      langCurrency: { id: 'IDR' },
      paymentMinutes: 10,
      cancelsPerDay: 3,
      makerFee: '0',
      takerFee: '0',
    };
    const ads = [{ id: 1 }];
    const { c, fetch } = core((req) =>
      req.url.includes('/legal/config')
        ? json(200, { code: 200, data: config, msg: '' })
        : req.url.includes('/legal/ads')
          ? json(200, { code: 200, data: ads, msg: '' })
          : json(200, { code: 200, data: { coins: [], pairs: [], quotes: [] }, msg: '' }),
    );
    const adsCalls = () => fetch.calls.filter((x) => x.url.includes('/legal/ads'));
    const name = 'core#/pages/legal/legal?side=sell';
    c.prefetchMarket(routeOfWorkerName(name), queryOfWorkerName(name));
    await vi.waitFor(() => expect(adsCalls()).toHaveLength(1));
    // The address's side, the terms' first coin, the language's currency (a first visit: id).
    const asked = new URL(adsCalls()[0]!.url, 'http://device').searchParams;
    expect([asked.get('side'), asked.get('coin'), asked.get('currency')]).toEqual(['sell', 'BTC', 'IDR']);
    // The page's request, built by the page's rule in its own field order, takes that answer.
    const page = hallRequest(new URLSearchParams('side=sell'), config, 'id');
    expect(
      await c.call('legal/ads', { currency: page.currency, coin: page.coin, side: page.side }),
    ).toMatchObject({
      ok: true,
      data: ads,
    });
    expect(adsCalls()).toHaveLength(1);
    // Another request (the other tab) is asked of the server.
    await c.call('legal/ads', { ...page, side: 'buy' });
    expect(adsCalls()).toHaveLength(2);
  });

  it('starts no terms read for a page that has none, or a worker started without a route', () => {
    expect(landingReads(routeOfWorkerName('core'))).toEqual([]);
    expect(landingReads(routeOfWorkerName('core#/pages/home/home'))).toEqual([]);
    expect(landingReads(routeOfWorkerName('core#/pages/market/second'))).toEqual(['second/terms']);
  });
});
