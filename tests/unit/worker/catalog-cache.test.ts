import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogInfo, PairInfo } from '../../../domain';
import { createCore, type Core } from '../../../worker/core';
import { isCatalog, loadCatalog, saveCatalog } from '../../../worker/market/catalog-cache';
import { KV, createStore, type Store } from '../../../worker/store';
import { FakeWebSocket, fakeFetch, json, type FakeReply, type Recorded } from './fakes';

const ORIGIN = 'http://catalog.test:8080';

const pair = (symbol: string, status: PairInfo['status']): PairInfo => {
  const [base = '', quote = ''] = symbol.split('/');
  return {
    symbol,
    base,
    quote,
    tickSize: '0.01',
    lotSize: '0.0001',
    minNotional: '5',
    makerFee: '0.001',
    takerFee: '0.001',
    status,
  };
};
// Not alphabetical, with a closed pair: what the cache must keep is exactly the server's order and state.
const catalog: CatalogInfo = {
  coins: [],
  pairs: [pair('SOL/USDT', 'trading'), pair('BTC/USDT', 'closed'), pair('ETH/BTC', 'trading')],
  quotes: ['USDT', 'BTC'],
  tradePassword: { spotOrder: 'never', withdraw: 'always' },
  chains: [],
  coinChains: [],
  withdrawLimits: {},
  bankDeposit: null,
};
const ok = json(200, { code: 200, data: catalog, msg: '' });
const offline: FakeReply = { throws: new TypeError('Failed to fetch') };

let n = 0;
const cores: Core[] = [];
const stores: Store[] = [];
function core(reply: (req: Recorded) => FakeReply, dbName = `catalog-core-${++n}`) {
  const c = createCore({ fetch: fakeFetch(reply), WebSocket: FakeWebSocket, indexedDB, IDBKeyRange, dbName });
  cores.push(c);
  return c;
}
function store(name = `catalog-store-${++n}`): Store {
  const s = createStore({ name, indexedDB, IDBKeyRange });
  stores.push(s);
  return s;
}

beforeEach(() => FakeWebSocket.reset());
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const s of stores.splice(0)) s.close();
});

describe('catalog cache: store level', () => {
  it('is empty on a new device', async () => {
    expect(await loadCatalog(store())).toEqual({ catalog: null, savedAt: null });
  });

  it('keeps the catalog and its save time', async () => {
    const s = store();
    await saveCatalog(s, catalog, 1_700_000_000_000);
    expect(await loadCatalog(s)).toEqual({ catalog, savedAt: 1_700_000_000_000 });
  });

  it('ignores a row it cannot use (such as one written by another app version)', async () => {
    const s = store();
    await s.set(KV.catalog, { catalog: { pairs: 'nope' }, savedAt: 1 });
    expect(await loadCatalog(s)).toEqual({ catalog: null, savedAt: null });
    await s.set(KV.catalog, catalog);
    expect(await loadCatalog(s)).toEqual({ catalog: null, savedAt: null });
  });

  it('recognises a catalog shape', () => {
    expect(isCatalog(catalog)).toBe(true);
    expect(isCatalog(null)).toBe(false);
    expect(isCatalog({ ...catalog, pairs: [{ symbol: 'X/Y' }] })).toBe(false);
    expect(isCatalog({ ...catalog, quotes: [1] })).toBe(false);
  });
});

describe('catalog cache: through the core', () => {
  it('saves the catalog of a successful market/catalog call', async () => {
    const c = core(() => ok);
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    expect(await c.cachedCatalog()).toEqual({ catalog: null, savedAt: null });
    const before = Date.now();
    expect(await c.call('market/catalog', {})).toEqual({ ok: true, data: catalog });
    const cached = await c.cachedCatalog();
    expect(cached.catalog).toEqual(catalog);
    expect(cached.savedAt).toBeGreaterThanOrEqual(before);
  });

  it('keeps catalog order and pair states for a later offline start; the call still says offline', async () => {
    const dbName = `catalog-core-${++n}`;
    const online = core(() => ok, dbName);
    await online.init({ origin: ORIGIN, socketPath: '/ws' });
    await online.call('market/catalog', {});
    await online.dispose();
    cores.splice(cores.indexOf(online), 1);

    const off = core(() => offline, dbName);
    await off.init({ origin: ORIGIN, socketPath: '/ws' });
    expect(await off.call('market/catalog', {})).toMatchObject({ ok: false, messageKey: 'offline' });
    const { catalog: cached } = await off.cachedCatalog();
    expect(cached?.pairs.map((p) => [p.symbol, p.status])).toEqual([
      ['SOL/USDT', 'trading'],
      ['BTC/USDT', 'closed'],
      ['ETH/BTC', 'trading'],
    ]);
    expect(cached?.quotes).toEqual(['USDT', 'BTC']);
  });

  it('does not replace the cached catalog with a failed answer', async () => {
    let reply: FakeReply = ok;
    const c = core(() => reply);
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    await c.call('market/catalog', {});
    reply = json(500, {});
    expect((await c.call('market/catalog', {})).ok).toBe(false);
    expect((await c.cachedCatalog()).catalog).toEqual(catalog);
  });

  it('caches nothing for other endpoints', async () => {
    const c = core(() => json(200, { code: 200, data: [], msg: '' }));
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    await c.call('market/tickers', {});
    expect(await c.cachedCatalog()).toEqual({ catalog: null, savedAt: null });
  });
});
