// The device side of worker tests: IndexedDB databases on fake-indexeddb, each test on fresh ones,
// closed after it, and the signed-in user the session stores.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import type { UserInfo } from '../../domain';
import { createStore, openDb, type CoreDb, type Store } from '../../worker/store';

/** Fresh device databases for one test file; see {@link deviceStores}. */
export interface DeviceStores {
  /** A database name not used before in this file (to open the same database twice). */
  name(): string;
  /** The worker's store on a fresh database, or on `name` to reopen one. */
  store(name?: string): Store;
  /** The raw device database (what the caches take), on a fresh database or on `name`. */
  db(name?: string): CoreDb;
}

/**
 * Opens device databases named `<prefix>-<n>` for the calling test file and closes every one after
 * each test. Call it once at the top of the file (it registers the `afterEach`).
 */
export function deviceStores(prefix: string): DeviceStores {
  let n = 0;
  const opened: { close(): void }[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
  });
  const kept = <T extends { close(): void }>(s: T): T => {
    opened.push(s);
    return s;
  };
  const name = () => `${prefix}-${++n}`;
  return {
    name,
    store: (at = name()) => kept(createStore({ name: at, indexedDB, IDBKeyRange })),
    db: (at = name()) => kept(openDb({ name: at, indexedDB, IDBKeyRange })),
  };
}

/** A signed-in member by e-mail (id 7), as `user/info` answers it. */
export const DEVICE_USER: UserInfo = {
  id: 7,
  account: 'a@b.co',
  accountKind: 'email',
  level: 'member',
  promoCode: 'ABCD12',
  creditScore: 100,
  kyc: 'none',
  hasTradePassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};
