import { socketUrl, type EndpointName, type Outcome, type Req, type Res } from '../domain';
import { createApiClient, type FetchLike } from './api-client';
import type { Boot, CoreApi, InitOptions, Prefs, SocketState } from './core-api';
import type { BookTuning } from './market/book-feed';
import { loadCatalog, saveCatalog } from './market/catalog-cache';
import type { FrameScheduler } from './market/frame-coalescer';
import { CANDLE_CACHE_LIMIT } from './market/market-cache';
import { createLazyMarketFeed } from './market/lazy-market-feed';
import { notify } from './notify';
import { createSession } from './session';
import { createSocketClient } from './socket-client';
import { createDeviceStore, type DeviceStoreOptions } from './device-store';
import type { StoreOptions } from './store';
import type { Timers } from './timers';
import type { WebSocketCtor } from './web-socket';

/** Everything the core takes from its host; browser globals unless injected (Node tests inject all). */
export interface CoreDeps {
  fetch?: FetchLike;
  WebSocket?: WebSocketCtor;
  /** IndexedDB factory and key range class, such as fake-indexeddb's, when the host has none. */
  indexedDB?: StoreOptions['indexedDB'];
  IDBKeyRange?: StoreOptions['IDBKeyRange'];
  /** IndexedDB database name; DB_NAME unless set (tests use one per core). */
  dbName?: string;
  /** Load IndexedDB code only once something is stored (browsers; see DeviceStoreOptions). */
  deferFirstVisit?: boolean;
  timers?: Timers;
  /** Server origin used until `init` names one; calls before that go there. */
  origin?: string;
  /** Request timeout in milliseconds, for tests; 60 s otherwise. */
  requestTimeoutMs?: number;
  /** Frame scheduler of the market feed (tests); requestAnimationFrame or a 16 ms timer otherwise. */
  frameScheduler?: FrameScheduler;
  /** Delay before market data is written to the cache, in milliseconds (tests); 2 s otherwise. */
  marketCacheWriteMs?: number;
  /** Order book timings (tests). */
  book?: BookTuning;
}

/** Data of an ok outcome, or a rejection: a market data loader that failed just retries or skips. */
function dataOf<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.data;
  throw new Error(outcome.message ?? outcome.intent);
}

/** The core as created: CoreApi plus `dispose`, which only hosts (tests) call, not the UI. */
export interface Core extends CoreApi {
  /** Closes the socket and the database. */
  dispose(): Promise<void>;
}

/** The socket URL for an HTTP origin and a socket path: http→ws, https→wss, default ports omitted. */
export function socketUrlFor(origin: string, path: string): string | null {
  try {
    const u = new URL(origin);
    return socketUrl(u.protocol === 'https:' ? 'wss:' : 'ws:', u.hostname, u.port, path);
  } catch {
    return null;
  }
}

/** Creates the worker core. Nothing touches the network before `init`, `call` or `subscribe`. */
export function createCore(deps: CoreDeps = {}): Core {
  // Wrapped rather than passed as is: an unbound global `fetch` throws "Illegal invocation".
  const fetchImpl: FetchLike = deps.fetch ?? ((url, init) => globalThis.fetch(url, init));
  let origin = deps.origin ?? '';
  let socketPath: string | null = null;

  const storeOptions: DeviceStoreOptions = { deferFirstVisit: deps.deferFirstVisit ?? false };
  if (deps.dbName !== undefined) storeOptions.name = deps.dbName;
  if (deps.indexedDB) storeOptions.indexedDB = deps.indexedDB;
  if (deps.IDBKeyRange) storeOptions.IDBKeyRange = deps.IDBKeyRange;
  const store = createDeviceStore(storeOptions);
  const session = createSession(store);
  let prefs: Prefs | null = null;

  const api = createApiClient({
    fetch: fetchImpl,
    origin: () => origin,
    token: () => session.token(),
    lang: () => prefs?.lang ?? 'id',
    ...(deps.timers && { timers: deps.timers }),
    ...(deps.requestTimeoutMs !== undefined && { timeoutMs: deps.requestTimeoutMs }),
  });

  const socket = createSocketClient({
    WebSocket: deps.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketCtor),
    url: () => (socketPath === null ? null : socketUrlFor(origin, socketPath)),
    ...(deps.timers && { timers: deps.timers }),
  });
  session.onToken((token) => socket.setToken(token));

  // Public market data goes through api.call directly, not `call`: a public read has no session
  // side effects (a failed market request must never sign the user out).
  const market = createLazyMarketFeed({
    socket,
    fetchSnapshot: async (symbol) => dataOf(await api.call('market/depth', { symbol })),
    fetchTickers: async () => dataOf(await api.call('market/tickers', {})),
    fetchTrades: async (symbol) => dataOf(await api.call('market/trades', { symbol })),
    fetchCandles: async (symbol, interval) =>
      dataOf(await api.call('market/candles', { symbol, interval, limit: CANDLE_CACHE_LIMIT })),
    db: store.db,
    ...(deps.timers && { timers: deps.timers }),
    ...(deps.frameScheduler && { scheduler: deps.frameScheduler }),
    ...(deps.marketCacheWriteMs !== undefined && { cacheWriteMs: deps.marketCacheWriteMs }),
    ...(deps.book && { book: deps.book }),
  });

  // Loaded once, on first use; every method waits for it so none sees a half-loaded state.
  let loaded: Promise<void> | null = null;
  const ready = (): Promise<void> =>
    (loaded ??= (async () => {
      prefs = await store.getPrefs();
      await session.load();
      socket.setToken(session.token());
    })());

  async function call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>> {
    await ready();
    const outcome = await api.call(name, req);
    await session.afterCall(name, outcome as Outcome<unknown>);
    if (name === 'market/catalog' && outcome.ok) {
      // A cache write that fails (quota, private mode) must not fail the call that succeeded.
      await saveCatalog(store, outcome.data as Res<'market/catalog'>, Date.now()).catch(() => undefined);
    }
    const userId = session.user()?.id ?? null;
    // The identity pages' cache loads with the first call that needs it, not with the first render.
    // Signed out (or the session ended): nothing of the account stays on the device.
    if (userId === null && (name === 'user/logout' || (!outcome.ok && outcome.intent === 'login'))) {
      await import('./identity-cache').then((m) => m.clearPrivate(store)).catch(() => undefined);
    } else if (userId !== null && outcome.ok && /^(kyc|team|credit)\//.test(name)) {
      await import('./identity-cache')
        .then((m) =>
          m.isPrivateCached(name) ? m.savePrivate(store, userId, name, outcome.data, Date.now()) : undefined,
        )
        .catch(() => undefined);
    }
    return outcome;
  }

  return {
    async init(options: InitOptions): Promise<Boot> {
      origin = options.origin;
      socketPath = options.socketPath;
      await ready();
      // Channels subscribed before init waited for the URL; connect them now.
      socket.connect();
      const user = await session.refresh(() => api.call('user/info', {}));
      return { prefs: prefs!, user };
    },
    call,
    async getPrefs() {
      await ready();
      return prefs!;
    },
    async setPrefs(patch) {
      await ready();
      prefs = await store.setPrefs(patch);
      return prefs;
    },
    async currentUser() {
      await ready();
      return session.user();
    },
    async onLoading(listener) {
      api.onLoading(listener);
    },
    async subscribe(channel, listener) {
      return socket.subscribe(channel, listener);
    },
    async unsubscribe(id) {
      socket.unsubscribe(id);
    },
    async onSocketState(listener: (state: SocketState) => void) {
      socket.onState(listener);
      // The current state at once, so a badge is right before the first change.
      notify(listener, socket.state());
    },
    async watchBook(symbol, options, listener) {
      return market.watchBook(symbol, options, listener);
    },
    async setBookView(id, options) {
      await market.setBookView(id, options);
    },
    async watchTickers(listener) {
      return market.watchTickers(listener);
    },
    async cachedTickers() {
      return market.cachedTickers();
    },
    async cachedCatalog() {
      await ready();
      return loadCatalog(store);
    },
    async cachedPrivate(name) {
      await ready();
      const { loadPrivate } = await import('./identity-cache');
      return loadPrivate(store, session.user()?.id ?? null, name).catch(() => null);
    },
    async watchTrades(symbol, listener) {
      return market.watchTrades(symbol, listener);
    },
    async watchCandles(symbol, interval, listener) {
      return market.watchCandles(symbol, interval, listener);
    },
    async unwatch(id) {
      market.unwatch(id);
    },
    // Decimal math loads with the first form that needs it, not with the first render.
    async previewOrder(input) {
      return (await import('./spot-preview')).previewSpotOrder(input);
    },
    async amounts(query) {
      return (await import('./funding')).amounts(query);
    },
    async uploadImage(image) {
      const encoded = await (await import('./funding')).encodeUpload(image);
      if (!encoded.ok) return encoded;
      return call('assets/upload', { mime: encoded.mime, data: encoded.data });
    },
    async dispose() {
      await market.dispose();
      socket.close();
      await loaded?.catch(() => undefined);
      store.close();
    },
  };
}
