import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../domain';
import type { SavedAddress } from '../../../worker/core-api';
import { DB_NAME, KV } from '../../../worker/store';
import { DEVICE_USER, deviceStores } from '../../support/device';

const stores = deviceStores('store-test');
const { store } = stores;

const address: SavedAddress = {
  id: 'a1',
  coin: 'USDT',
  chain: 'TRC20',
  address: 'TXyz',
  flags: { withdraw: true },
};
const user: UserInfo = { ...DEVICE_USER, id: 1 };

describe('store: preferences (spec §1, §3)', () => {
  it('uses the name exchange-core by default', () => {
    expect(DB_NAME).toBe('exchange-core');
  });

  it('returns defaults when nothing is stored: lang id, theme dark, locale from lang', async () => {
    expect(await store().getPrefs()).toEqual({ lang: 'id', theme: 'dark', locale: 'id', addressList: [] });
  });

  it('persists across reopening', async () => {
    const name = stores.name();
    const a = store(name);
    await a.setPrefs({ lang: 'kor', theme: 'light', addressList: [address] });
    a.close();
    expect(await store(name).getPrefs()).toEqual({
      lang: 'kor',
      theme: 'light',
      locale: 'ko',
      addressList: [address],
    });
  });

  it('lets the locale follow the language unless set explicitly', async () => {
    const s = store();
    expect((await s.setPrefs({ lang: 'jp' })).locale).toBe('ja');
    // A UI sending back its whole Prefs repeats the old locale: that must not pin it.
    const before = await s.getPrefs();
    expect((await s.setPrefs({ ...before, lang: 'hk' })).locale).toBe('zh-HK');
    // An explicit, different locale is pinned and survives a language change.
    expect((await s.setPrefs({ locale: 'en-GB' })).locale).toBe('en-GB');
    expect(await s.setPrefs({ lang: 'vi' })).toMatchObject({ lang: 'vi', locale: 'en-GB' });
    // An empty locale unpins it.
    expect((await s.setPrefs({ locale: '' })).locale).toBe('vi');
    // So does choosing the language's own tag.
    await s.setPrefs({ locale: 'fr' });
    expect((await s.setPrefs({ locale: 'vi' })).locale).toBe('vi');
    expect((await s.setPrefs({ lang: 'en' })).locale).toBe('en');
  });

  it.each([
    ['an unknown language', { lang: 'fr' }],
    ['an unknown theme', { theme: 'blue' }],
    ['a malformed locale', { locale: 'not a tag!' }],
    ['an address list that is not a list', { addressList: 'x' }],
    ['an address without flags', { addressList: [{ id: '1', coin: 'BTC', chain: 'BTC', address: 'x' }] }],
  ])('rejects %s and stores nothing', async (_name, patch) => {
    const s = store();
    await expect(s.setPrefs({ theme: 'light', ...patch } as never)).rejects.toThrow(RangeError);
    expect(await s.getPrefs()).toEqual({ lang: 'id', theme: 'dark', locale: 'id', addressList: [] });
  });

  it('ignores corrupt stored values and falls back to defaults', async () => {
    const s = store();
    await s.set(KV.lang, 'xx');
    await s.set(KV.theme, 42);
    await s.set(KV.addressList, [address, { nope: true }]);
    expect(await s.getPrefs()).toEqual({ lang: 'id', theme: 'dark', locale: 'id', addressList: [address] });
  });
});

describe('store: session values', () => {
  it('stores and removes token and user together', async () => {
    const s = store();
    expect(await s.getToken()).toBeNull();
    expect(await s.getUser()).toBeNull();
    await s.setSession('tok', user);
    expect(await s.getToken()).toBe('tok');
    expect(await s.getUser()).toEqual(user);
    await s.setSession(null, null);
    expect(await s.getToken()).toBeNull();
    expect(await s.getUser()).toBeNull();
  });
});

describe('store: cache tables (version 2)', () => {
  it('has kv, tickers, candles, news and private tables with their keys', async () => {
    const s = store();
    await s.db.open();
    const schema = Object.fromEntries(s.db.tables.map((t) => [t.name, t.schema.primKey.keyPath]));
    expect(schema).toEqual({
      kv: 'key',
      tickers: 'symbol',
      candles: ['symbol', 'interval', 'time'],
      news: ['lang', 'id'],
      private: 'key',
    });
    expect(s.db.verno).toBe(2);
  });

  it("drops the private cache with the session, and keeps only the signed-in user's rows", async () => {
    const s = store();
    const row = (u: number, key: string) => ({
      key,
      user: u,
      name: 'assets/balances',
      req: {},
      data: [],
      savedAt: 1,
    });
    await s.setSession('tok', user);
    await s.db.private.bulkPut([row(user.id, 'a'), row(user.id, 'b')]);
    // Another account signs in: the previous user's rows go.
    await s.db.private.put(row(user.id + 1, 'c'));
    await s.setSession('tok2', { ...user, id: user.id + 1 });
    expect((await s.db.private.toArray()).map((r) => r.key)).toEqual(['c']);
    await s.set('private:kyc/status', { userId: user.id + 1, data: {}, savedAt: 1 });
    await s.set(KV.lang, 'en');
    // Signing out (or a dropped session) clears it all, with the token; device values stay.
    await s.setSession(null, null);
    expect(await s.db.private.count()).toBe(0);
    expect(await s.get('private:kyc/status')).toBeUndefined();
    expect(await s.get(KV.lang)).toBe('en');
  });

  it('reads a candle series of one symbol and interval in time order', async () => {
    const s = store();
    const row = (symbol: string, interval: string, time: number) => ({
      symbol,
      interval,
      time,
      data: {},
      cachedAt: 0,
    });
    await s.db.candles.bulkPut([
      row('BTC/USDT', '1m', 3),
      row('BTC/USDT', '1m', 1),
      row('BTC/USDT', '1h', 2),
      row('ETH/USDT', '1m', 2),
    ]);
    const series = await s.db.candles
      .where('[symbol+interval+time]')
      .between(['BTC/USDT', '1m', -Infinity], ['BTC/USDT', '1m', Infinity])
      .toArray();
    expect(series.map((c) => c.time)).toEqual([1, 3]);
    expect(await s.db.candles.where('[symbol+interval]').equals(['BTC/USDT', '1m']).count()).toBe(2);
  });

  it('keeps news per language and tickers per symbol', async () => {
    const s = store();
    await s.db.news.bulkPut([
      { lang: 'en', id: 1, publishedAt: 10, data: {}, cachedAt: 0 },
      { lang: 'en', id: 2, publishedAt: 20, data: {}, cachedAt: 0 },
      { lang: 'id', id: 1, publishedAt: 10, data: {}, cachedAt: 0 },
    ]);
    const en = await s.db.news
      .where('[lang+publishedAt]')
      .between(['en', -Infinity], ['en', Infinity])
      .reverse()
      .toArray();
    expect(en.map((x) => x.id)).toEqual([2, 1]);
    await s.db.tickers.put({ symbol: 'BTC/USDT', data: { last: '1' }, cachedAt: 1 });
    await s.db.tickers.put({ symbol: 'BTC/USDT', data: { last: '2' }, cachedAt: 2 });
    expect(await s.db.tickers.get('BTC/USDT')).toEqual({
      symbol: 'BTC/USDT',
      data: { last: '2' },
      cachedAt: 2,
    });
  });
});

describe('store: market favourites', () => {
  it('has none until set, then keeps them across reopening, without duplicates', async () => {
    const name = stores.name();
    const s = store(name);
    expect((await s.getPrefs()).favourites).toBeUndefined();
    await s.setPrefs({ favourites: ['BTC/USDT', 'ETH/USDT', 'BTC/USDT'] });
    s.close();
    expect((await store(name).getPrefs()).favourites).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('refuses anything that is not a list of BASE/QUOTE symbols and stores nothing', async () => {
    const s = store();
    await expect(s.setPrefs({ favourites: ['not a symbol'] })).rejects.toThrow(RangeError);
    await expect(s.setPrefs({ favourites: 'BTC/USDT' as unknown as string[] })).rejects.toThrow(RangeError);
    expect((await s.getPrefs()).favourites).toBeUndefined();
  });
});
