import { BCP47, DEFAULT_LANG, DEFAULT_THEME } from '../domain';
import type { Prefs } from './prefs';
import type { DbHandle } from './db-handle';
import type { CoreDb, DeviceStore, Store, StoreOptions } from './store';
import { DB_NAME } from './store-keys';

/** Options of the device store. */
export interface DeviceStoreOptions extends StoreOptions {
  /**
   * Do not load IndexedDB code (Dexie) while the device has no database yet: a first visit has
   * nothing cached to read, and Dexie is the largest part of the worker. Reads then answer
   * "nothing stored" and the first write opens the database. Needs `indexedDB.databases()`; where
   * that is missing the database opens at once.
   */
  deferFirstVisit?: boolean;
  /**
   * On a deferred first visit, cache writes are held in memory until the worker's requests have
   * been quiet this long (ms; default 1 000, see {@link LazyDeviceStore.postpone}), and at most
   * `firstWriteMaxMs` (default 5 000) after the first: the database code (Dexie, 29 KB) then no
   * longer shares a phone's link with the page's own code while the page draws. A read sees a held
   * write at once.
   */
  firstWriteQuietMs?: number;
  firstWriteMaxMs?: number;
}

/** The device store as the core uses it: values and prefs, plus lazy access to the database. */
export interface LazyDeviceStore extends DeviceStore {
  /** The cache database for market data; reading never creates it. */
  readonly db: DbHandle;
  /** Whether the database is open or opening (false while a first visit defers it). */
  opened(): boolean;
  /** The worker's requests are still busy: writes a first visit holds wait a little longer. */
  postpone(): void;
}

/** The preferences of a device that has stored none. */
export function defaultPrefs(): Prefs {
  return { lang: DEFAULT_LANG, theme: DEFAULT_THEME, locale: BCP47[DEFAULT_LANG], addressList: [] };
}

/** The part of an IDBFactory used here. */
type Factory = { databases?: () => Promise<{ name?: string }[]> };

/** Whether the device already has the worker's database; true when that cannot be known. */
async function hasDatabase(name: string, factory: Factory | undefined): Promise<boolean> {
  const list = factory?.databases;
  if (typeof list !== 'function') return true;
  try {
    const dbs = await list.call(factory);
    return dbs.some((d) => d.name === name);
  } catch {
    return true;
  }
}

/**
 * The worker's device store, with the database (and the Dexie code) loaded on demand. Without
 * `deferFirstVisit` it opens at once, exactly like `createStore`.
 */
export function createDeviceStore(options: DeviceStoreOptions = {}): LazyDeviceStore {
  const {
    deferFirstVisit = false,
    firstWriteQuietMs = 1_000,
    firstWriteMaxMs = 5_000,
    ...storeOptions
  } = options;
  let store: Promise<Store> | null = null;
  let closed = false;
  const open = (): Promise<Store> =>
    (store ??= import('./store').then((m) => {
      const s = m.createStore(storeOptions);
      if (closed) s.close();
      return s;
    }));

  const factory = (options.indexedDB ?? (globalThis as { indexedDB?: unknown }).indexedDB) as
    Factory | undefined;
  // Decided once per worker: whether this device has stored anything before.
  const existing: Promise<boolean> = deferFirstVisit
    ? hasDatabase(options.name ?? DB_NAME, factory)
    : Promise.resolve(true);
  void existing.then((yes) => {
    if (yes) void open();
  });

  /** The open store for reading, or null while a first visit defers it. */
  const forRead = async (): Promise<Store | null> => {
    if (store) return store;
    return (await existing) ? open() : null;
  };

  const held = heldWrites(open, firstWriteQuietMs, firstWriteMaxMs, () => closed);
  /**
   * Takes a write: on a first visit whose database is not open yet, held until the release; else
   * straight to the database, in call order with every other write and the session's (a sign-out's
   * clearing must come after the writes made before it: no extra step on this path).
   */
  const write = async (key: string, entry: { value: unknown } | null): Promise<void> => {
    if (!store && !(await existing)) return held.hold(key, entry);
    // Newer than anything still held under this key.
    held.forget(key);
    const s = await open();
    if (entry) await s.set(key, entry.value);
    else await s.remove(key);
  };

  return {
    async get<T>(key: string) {
      const kept = held.get(key);
      if (kept) return kept.value as T | undefined;
      return (await forRead())?.get<T>(key);
    },
    set(key, value) {
      return write(key, { value });
    },
    async remove(...keys) {
      if (!store && !(await existing)) {
        for (const key of keys) held.hold(key, null);
        return;
      }
      for (const key of keys) held.forget(key);
      await (await open()).remove(...keys);
    },
    async getPrefs() {
      return (await forRead())?.getPrefs() ?? defaultPrefs();
    },
    async setPrefs(patch) {
      return (await open()).setPrefs(patch);
    },
    async getToken() {
      return (await forRead())?.getToken() ?? null;
    },
    async getUser() {
      return (await forRead())?.getUser() ?? null;
    },
    async setSession(token, user) {
      // Signing out of a session that was never stored changes nothing on the device.
      if (!token && !user && !store && !(await existing)) return;
      await (await open()).setSession(token, user);
    },
    close() {
      closed = true;
      held.stop();
      void store?.then((s) => s.close());
    },
    db: {
      read: async (): Promise<CoreDb | null> => (await forRead())?.db ?? null,
      write: async (): Promise<CoreDb> => (await open()).db,
    },
    opened: () => store !== null,
    postpone: () => held.postpone(),
  };
}

/** A first visit's writes kept in memory until the database code is loaded to take them. */
interface HeldWrites {
  /** Keeps a write (null: a removal) and (re)arms the release. */
  hold(key: string, entry: { value: unknown } | null): void;
  /** What is held under `key`: `{ value }` (undefined for a removal), or null when nothing is. */
  get(key: string): { value: unknown } | null;
  /** Drops what is held under `key` (a newer write went to the database). */
  forget(key: string): void;
  /** The worker's requests are still busy: the release waits a little longer. */
  postpone(): void;
  stop(): void;
}

/**
 * Writes held in the order written and released after `quietMs` without a postponement, at most
 * `maxMs` after the first; one pump writes them, and a key written again meanwhile is written again
 * (the newest value wins).
 */
function heldWrites(
  open: () => Promise<Store>,
  quietMs: number,
  maxMs: number,
  closed: () => boolean,
): HeldWrites {
  const held = new Map<string, { value: unknown } | null>();
  let pumping: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let since = 0;
  const pump = (): Promise<void> =>
    (pumping ??= (async () => {
      try {
        const s = await open();
        while (held.size > 0 && !closed()) {
          const [key, entry] = held.entries().next().value!;
          if (entry) await s.set(key, entry.value);
          else await s.remove(key);
          if (held.get(key) === entry) held.delete(key);
        }
      } finally {
        pumping = null;
      }
    })());
  const release = () => {
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(quietMs, since + maxMs - Date.now()));
    timer = setTimeout(() => {
      timer = null;
      pump().catch((err: unknown) => console.warn('device store: held writes', err));
    }, wait);
  };
  return {
    hold(key, entry) {
      // A copy, as IndexedDB would take: the caller may change its object after this returns.
      held.set(key, entry && { value: structuredClone(entry.value) });
      if (!timer) since = Date.now();
      release();
    },
    get: (key) => (held.has(key) ? { value: held.get(key)?.value } : null),
    forget: (key) => void held.delete(key),
    postpone() {
      if (timer && !closed()) release();
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
