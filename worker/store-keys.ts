/** Default IndexedDB database name of the worker core. */
export const DB_NAME = 'exchange-core';

/** Keys of the `kv` table. */
export const KV = {
  token: 'token',
  user: 'user',
  lang: 'lang',
  locale: 'locale',
  theme: 'theme',
  addressList: 'address_list',
  favourites: 'favourites',
  /** The market catalog and when it was saved (worker/market/catalog-cache.ts). */
  catalog: 'catalog',
  /** Support messages typed on this device and not stored by the server yet (worker/kefu/chat.ts). */
  kefuOutbox: 'kefu_outbox',
  /**
   * The signed-in user's last support conversation, for an offline first render, in the dated cache
   * (worker/shared/dated, so stored under PRIVATE_KV_PREFIX); gone at sign-out.
   */
  kefuHistory: 'kefu_history',
} as const;

/** Prefix of `kv` keys holding a signed-in user's data (dropped with the session, see store.setSession). */
export const PRIVATE_KV_PREFIX = 'private:';
