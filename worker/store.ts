import { Dexie, type EntityTable } from 'dexie';
import { BCP47, DEFAULT_LANG, DEFAULT_THEME, isLang, isTheme, type UserInfo } from '../domain';
import type { Prefs, SavedAddress } from './prefs';

export { DB_NAME, KV } from './store-keys';
import { DB_NAME, KV, PRIVATE_KV_PREFIX } from './store-keys';

/** One device value (spec §3): token, lang, locale, theme, address_list, the cached user and catalog. */
export interface KvRow {
  key: string;
  value: unknown;
}

/** A cached ticker of one market, as last received. */
export interface TickerRow {
  /** Market symbol, such as `BTC/USDT`. */
  symbol: string;
  /** The ticker as the server sent it (decimal strings). */
  data: unknown;
  /** When it was stored, in milliseconds since the epoch; the UI shows the cache's age. */
  cachedAt: number;
}

/** A cached candle. */
export interface CandleRow {
  symbol: string;
  /** Candle interval, such as `1m` or `1d`. */
  interval: string;
  /** Candle open time, in milliseconds since the epoch. */
  time: number;
  /** The candle as the server sent it (decimal strings). */
  data: unknown;
  /** When it was stored, in milliseconds since the epoch. */
  cachedAt: number;
}

/** A cached news item, per language. */
export interface NewsRow {
  lang: string;
  id: number;
  /** Publication time, in milliseconds since the epoch, for newest-first listing. */
  publishedAt: number;
  data: unknown;
  /** When it was stored, in milliseconds since the epoch. */
  cachedAt: number;
}

/**
 * One cached answer of a private read of the signed-in user (balances, open orders, deposit
 * addresses, first pages of lists), so a page renders what the worker last knew when offline. Only
 * the worker writes it; it is dropped with the session (logout, login intent) and never reaches the
 * service worker's caches.
 */
export interface PrivateRow {
  /** `userId|endpoint|request`, see worker/private-cache.ts. */
  key: string;
  /** The user the answer belongs to. */
  user: number;
  /** The endpoint, such as `assets/balances`. */
  name: string;
  /** The request, as sent (without paging cursors). */
  req: Record<string, unknown>;
  /** The answer's data as the server sent it (decimal strings). */
  data: unknown;
  /** When it was received, in milliseconds since the epoch; the UI shows "as of" this time. */
  savedAt: number;
}

/** Most favourite markets kept; a market symbol such as `BTC/USDT`. */
const MAX_FAVOURITES = 500;
const isMarketSymbol = (s: unknown): s is string =>
  typeof s === 'string' && /^[A-Z0-9]{1,20}\/[A-Z0-9]{1,20}$/.test(s);

/** The worker's IndexedDB database. Only the worker writes it (DESIGN.md). */
export type CoreDb = Dexie & {
  kv: EntityTable<KvRow, 'key'>;
  tickers: EntityTable<TickerRow, 'symbol'>;
  candles: EntityTable<CandleRow>;
  news: EntityTable<NewsRow>;
  private: EntityTable<PrivateRow, 'key'>;
};

/** Where the database lives: the browser's IndexedDB unless injected (fake-indexeddb in Node tests). */
export interface StoreOptions {
  name?: string;
  indexedDB?: { open: (...args: never[]) => unknown };
  IDBKeyRange?: { bound: unknown; lowerBound: unknown; upperBound: unknown };
}

/** Opens (lazily, on first use) the worker database with its version-1 schema. */
export function openDb(options: StoreOptions = {}): CoreDb {
  const dexieOptions: ConstructorParameters<typeof Dexie>[1] = {};
  if (options.indexedDB) dexieOptions.indexedDB = options.indexedDB as { open: () => unknown };
  if (options.IDBKeyRange)
    dexieOptions.IDBKeyRange = options.IDBKeyRange as Required<typeof dexieOptions>['IDBKeyRange'];
  const db = new Dexie(options.name ?? DB_NAME, dexieOptions) as CoreDb;
  db.version(1).stores({
    kv: 'key',
    tickers: 'symbol, cachedAt',
    // Compound key so a (symbol, interval) series is one contiguous range, ordered by time.
    candles: '[symbol+interval+time], [symbol+interval], cachedAt',
    news: '[lang+id], [lang+publishedAt], cachedAt',
  });
  // Version 2 adds the signed-in user's private cache; the other tables are unchanged.
  db.version(2).stores({ private: 'key, user' });
  return db;
}

/** Device values and preferences, without the database itself (what the session and caches use). */
export interface DeviceStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(...keys: string[]): Promise<void>;
  getPrefs(): Promise<Prefs>;
  /** Validates and persists a patch; throws RangeError on an invalid value and stores nothing then. */
  setPrefs(patch: Partial<Prefs>): Promise<Prefs>;
  getToken(): Promise<string | null>;
  getUser(): Promise<UserInfo | null>;
  /** Stores or (with null) removes the session token and user together. */
  setSession(token: string | null, user: UserInfo | null): Promise<void>;
  close(): void;
}

/** Device values and preferences on top of the database. */
export interface Store extends DeviceStore {
  readonly db: CoreDb;
}

function isSavedAddress(v: unknown): v is SavedAddress {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  const strings = ['id', 'coin', 'chain', 'address'].every((k) => typeof a[k] === 'string');
  const label = a.label === undefined || typeof a.label === 'string';
  const flags =
    typeof a.flags === 'object' &&
    a.flags !== null &&
    Object.values(a.flags as object).every((f) => typeof f === 'boolean');
  return strings && label && flags;
}

/** True when `tag` is a well-formed BCP-47 language tag. */
function isLocaleTag(tag: unknown): tag is string {
  if (typeof tag !== 'string' || tag === '') return false;
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** Creates the store. */
export function createStore(options: StoreOptions = {}): Store {
  const db = openDb(options);

  const get = async <T>(key: string): Promise<T | undefined> =>
    (await db.kv.get(key))?.value as T | undefined;
  const set = async (key: string, value: unknown): Promise<void> => {
    await db.kv.put({ key, value });
  };
  const remove = async (...keys: string[]): Promise<void> => {
    await db.kv.bulkDelete(keys);
  };

  async function getPrefs(): Promise<Prefs> {
    const [lang, theme, locale, addressList, favourites] = await Promise.all([
      get<unknown>(KV.lang),
      get<unknown>(KV.theme),
      get<unknown>(KV.locale),
      get<unknown>(KV.addressList),
      get<unknown>(KV.favourites),
    ]);
    const l = isLang(lang) ? lang : DEFAULT_LANG;
    return {
      lang: l,
      theme: isTheme(theme) ? theme : DEFAULT_THEME,
      // The locale follows the language unless the user pinned one.
      locale: isLocaleTag(locale) ? locale : BCP47[l],
      addressList: Array.isArray(addressList) ? addressList.filter(isSavedAddress) : [],
      // Only once set, so a device without favourites reads exactly as before.
      ...(Array.isArray(favourites) && { favourites: favourites.filter(isMarketSymbol) }),
    };
  }

  async function setPrefs(patch: Partial<Prefs>): Promise<Prefs> {
    if (patch.lang !== undefined && !isLang(patch.lang))
      throw new RangeError(`unknown language: ${String(patch.lang)}`);
    if (patch.theme !== undefined && !isTheme(patch.theme))
      throw new RangeError(`unknown theme: ${String(patch.theme)}`);
    if (patch.locale !== undefined && patch.locale !== '' && !isLocaleTag(patch.locale)) {
      throw new RangeError(`not a BCP-47 tag: ${String(patch.locale)}`);
    }
    if (patch.addressList !== undefined) {
      if (!Array.isArray(patch.addressList) || !patch.addressList.every(isSavedAddress)) {
        throw new RangeError('invalid address list');
      }
    }
    if (patch.favourites !== undefined) {
      const f = patch.favourites;
      if (!Array.isArray(f) || f.length > MAX_FAVOURITES || !f.every(isMarketSymbol)) {
        throw new RangeError('invalid favourites');
      }
    }
    const before = await getPrefs();
    const lang = patch.lang ?? before.lang;
    await db.transaction('rw', db.kv, async () => {
      if (patch.lang !== undefined) await set(KV.lang, patch.lang);
      if (patch.theme !== undefined) await set(KV.theme, patch.theme);
      if (patch.addressList !== undefined) await set(KV.addressList, patch.addressList);
      if (patch.favourites !== undefined) await set(KV.favourites, [...new Set(patch.favourites)]);
      // A UI that sends back the whole Prefs object repeats the old locale; only a changed value pins
      // it. An empty tag, or the language's own tag, unpins it so it follows the language again.
      if (patch.locale !== undefined && patch.locale !== before.locale) {
        if (patch.locale === '' || patch.locale === BCP47[lang]) await remove(KV.locale);
        else await set(KV.locale, patch.locale);
      }
    });
    return getPrefs();
  }

  return {
    db,
    get,
    set,
    remove,
    getPrefs,
    setPrefs,
    getToken: async () => {
      const token = await get<unknown>(KV.token);
      return typeof token === 'string' && token !== '' ? token : null;
    },
    getUser: async () => (await get<UserInfo>(KV.user)) ?? null,
    async setSession(token, user) {
      await db.transaction('rw', db.kv, db.private, async () => {
        if (token) await set(KV.token, token);
        else await remove(KV.token);
        if (user) await set(KV.user, user);
        else await remove(KV.user);
        // The private cache belongs to one session's user: gone with the session, and a new user
        // never sees the previous one's balances or orders. Device values under `private:` (the
        // identity pages' copies) go with it, however the session ended (also at start-up).
        if (!token || !user) {
          await db.private.clear();
          await db.kv.where('key').startsWith(PRIVATE_KV_PREFIX).delete();
        } else await db.private.where('user').notEqual(user.id).delete();
      });
    },
    close: () => db.close(),
  };
}
