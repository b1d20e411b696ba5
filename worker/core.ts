import { channels, socketUrl, type EndpointName, type Outcome, type Req, type Res } from '../domain';
import { createApiClient, type FetchLike } from './api-client';
import type { Boot, CoreApi, InitOptions, Prefs, SocketState } from './core-api';
import type { BookTuning } from './market/book-feed';
import { loadCatalog, saveCatalog } from './market/catalog-cache';
import type { FrameScheduler } from './market/frame-coalescer';
import { CANDLE_CACHE_LIMIT } from './market/market-cache';
import { createLazyMarketFeed } from './market/lazy-market-feed';
import { notify } from './notify';
import type { PrivateReads } from './private-cache';
import { isPrivateRead } from './private-reads';
import { isPublicRead, loadPublic, readPublic as readPublicAnswer, savePublic } from './public-reads';
import { createReachability } from './reachability';
import { SECOND_CACHE_KEY } from './second/second-cache-key';
import { createSession } from './session';
import { createSocketClient } from './socket-client';
import { createDeviceStore, type DeviceStoreOptions } from './device-store';
import type { StoreOptions } from './store';
import type { LeverApi } from './lever-live';
import type { KefuChat } from './kefu-chat';
import { KV } from './store-keys';
import { defaultTimers, type TimerHandle, type Timers } from './timers';
import type { WebSocketCtor } from './web-socket';

/** How often the core asks the server whether it is back while it seems unreachable, in ms. */
export const PROBE_MS = 10_000;

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
  /**
   * Starts reading the tickers and the catalog (public, REST) before the page asks: the worker
   * entry calls it as it starts, which the HTML's boot script makes happen beside the framework's
   * download. A page's first `watchTickers` and catalog call within EARLY_TICKERS_MS /
   * EARLY_CATALOG_MS use these replies.
   */
  prefetchMarket(): void;
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

/**
 * How long a catalog read at worker start may answer the page's first catalog call, in ms: the
 * worker starts beside the framework's download, which takes seconds on a slow link.
 */
export const EARLY_CATALOG_MS = 15_000;

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

  const reachability = createReachability();
  const api = createApiClient({
    fetch: fetchImpl,
    reached: (reached) => reachability.request(reached),
    origin: () => origin,
    token: () => session.token(),
    lang: () => prefs?.lang ?? 'id',
    ...(deps.timers && { timers: deps.timers }),
    ...(deps.requestTimeoutMs !== undefined && { timeoutMs: deps.requestTimeoutMs }),
  });

  const socket = createSocketClient({
    WebSocket: deps.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketCtor),
    url: () => (socketPath === null ? null : socketUrlFor(origin, socketPath)),
    // The server ended this session (logout elsewhere, password change, expiry): confirm with
    // user/info, whose login answer clears the stored session and tells the UI.
    onServerError: (msg) => {
      if (msg === 'sessionInvalid') void session.refresh(() => api.call('user/info', {}));
    },
    ...(deps.timers && { timers: deps.timers }),
  });
  session.onToken((token) => socket.setToken(token));
  // A private conversation does not outlive the session on the device (shared phones).
  session.onToken((token) => {
    if (!token) void store.remove(KV.kefuHistory).catch(() => undefined);
  });
  // Workers get the browser's online event too: waiting out a 30 s back-off after the network is
  // back would leave the banner and stale prices up for nothing.
  // While the server seems unreachable, a light public request now and then finds out when it is
  // back, also on pages with no socket channel (a login form), whose actions are disabled offline.
  const timers = deps.timers ?? defaultTimers;
  let probeTimer: TimerHandle | null = null;
  let disposed = false;
  const probe = (): void => {
    if (origin !== '' && reachability.state() === 'offline') void api.call('settings', {});
  };
  reachability.onChange((state) => {
    if (state === 'offline' && probeTimer === null && !disposed)
      probeTimer = timers.setInterval(probe, PROBE_MS);
    if (state === 'online' && probeTimer !== null) {
      timers.clearInterval(probeTimer);
      probeTimer = null;
    }
  });
  const networkBack = (): void => {
    socket.retryNow();
    probe();
  };
  globalThis.addEventListener?.('online', networkBack);
  globalThis.addEventListener?.('offline', () => socket.dropNow());
  socket.onState((state) => {
    if (state === 'open') reachability.socket(true);
    else if (state === 'closed') reachability.socket(false);
  });

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

  // The private cache loads with the first private read or event: a signed-out visit never needs it.
  let privateLoad: Promise<PrivateReads> | null = null;
  const privates = (): Promise<PrivateReads> =>
    (privateLoad ??= import('./private-cache').then((m) =>
      m.createPrivateReads({
        db: store.db,
        call,
        userId: () => session.user()?.id,
        token: () => session.token(),
      }),
    ));
  // The support chat loads with the first page or badge that watches it.
  let chat: Promise<KefuChat> | null = null;
  const kefu = (): Promise<KefuChat> =>
    (chat ??= ready()
      .then(() => import('./kefu-chat'))
      .then((m) =>
        m.createKefuChat({
          call: (name, req) => call(name, req),
          subscribe: (ch, listener) => socket.subscribe(ch, listener),
          unsubscribe: (id) => socket.unsubscribe(id),
          onSocketState: (listener) => void socket.onState(listener),
          get: (key) => store.get(key),
          set: (key, value) => store.set(key, value),
          userId: () => session.user()?.id ?? null,
        }),
      ));
  // Timed-option watchers; their code loads with the option page, not with the first render.
  const secondWatches = new Map<number, () => void>();
  let nextSecondWatch = 1;
  session.onToken((token) => {
    if (token === null) store.remove(SECOND_CACHE_KEY).catch(() => undefined);
  });

  // The catalog read at worker start (with the tickers), used by the first `market/catalog` call
  // within EARLY_CATALOG_MS: the market list waits for the catalog's order, and on a slow link the
  // page's own request would start only after its code arrived.
  let earlyCatalog: { at: number; reply: Promise<Outcome<Res<'market/catalog'>>> } | null = null;

  async function call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>> {
    await ready();
    // The session the call was made in: an answer that arrives after a logout is not kept.
    const token = session.token();
    const early =
      name === 'market/catalog' && earlyCatalog && Date.now() - earlyCatalog.at <= EARLY_CATALOG_MS;
    const pending = early ? earlyCatalog!.reply : null;
    if (name === 'market/catalog') earlyCatalog = null;
    const outcome = ((await pending) ?? (await api.call(name, req))) as Outcome<Res<K>>;
    // "Sign in" for a request sent before the session changed (a badge's read that left signed out
    // and came back after a login) is not about the new session: it must not end it. Ask again.
    if (!outcome.ok && outcome.intent === 'login' && token !== session.token() && session.token() !== null) {
      return call(name, req);
    }
    // Checked here so that other calls never load the cache's chunk.
    if (outcome.ok && token && isPrivateRead(name)) {
      await (await privates()).keep(name, req, outcome.data, token);
    }
    // Not awaited, like the catalog: a first visit's write loads the database code.
    if (outcome.ok && isPublicRead(name)) void savePublic(store, name, req, outcome.data, Date.now());
    await session.afterCall(name, outcome as Outcome<unknown>);
    if (outcome.ok && name.startsWith('legal/')) {
      const legal = await import('./legal');
      await legal.saveLegal(store, name, req, session.user()?.id ?? null, outcome.data, Date.now());
    }
    if (name === 'market/catalog' && outcome.ok) {
      // Not awaited: on a first visit the write loads the database code and creates the database,
      // a second on slow 3G that the page's first prices waited for. A write that fails (quota,
      // private mode) must not fail the call that succeeded either.
      void saveCatalog(store, outcome.data as Res<'market/catalog'>, Date.now()).catch(() => undefined);
    }
    if ((name === 'news/list' || name === 'news/detail') && outcome.ok) {
      await import('./news-cache')
        .then((m) => m.rememberNews(store.db, name, req as Record<string, unknown>, outcome.data, Date.now()))
        .catch(() => undefined);
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

  // The lever area's worker code loads with the first lever call, not with the first render.
  const LEVER_CACHE_KEY = 'lever.positions';
  let leverApi: Promise<LeverApi> | null = null;
  // Signing out forgets the device copy of the positions.
  session.onToken((token) => {
    if (token === null) void store.remove(LEVER_CACHE_KEY).catch(() => undefined);
  });

  // Once per worker: the entry asks at start and `init` asks again for hosts without that entry; a
  // second read after the page already used the first would only repeat it.
  let prefetched = false;
  const prefetchMarket = (): void => {
    if (prefetched) return;
    prefetched = true;
    market.prefetchTickers();
    earlyCatalog = { at: Date.now(), reply: api.call('market/catalog', {}) };
  };

  return {
    prefetchMarket,
    async init(options: InitOptions): Promise<Boot> {
      origin = options.origin;
      socketPath = options.socketPath;
      // Nearly every first page shows prices: read them while the page's own code still loads
      // (unless the worker entry already did).
      if (options.prefetchTickers) prefetchMarket();
      await ready();
      // Channels subscribed before init waited for the URL; connect them now.
      socket.connect();
      const user = await session.refresh(() => api.call('user/info', {}));
      return { prefs: prefs!, user };
    },
    call,
    async cachedRead(name, req) {
      await ready();
      return (await privates()).cached(name, req);
    },
    async readPrivate(name, req) {
      await ready();
      return (await privates()).read(name, req);
    },
    async cachedPublic(name, req) {
      await ready();
      return loadPublic(store, name, req);
    },
    async readPublic(name, req) {
      return readPublicAnswer(store, name, req, call);
    },
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
    async subscribe(channel, listener, onResync) {
      if (channel !== channels.private) return socket.subscribe(channel, listener, onResync);
      // Private events keep the private cache current too, so offline pages show the last balances.
      return socket.subscribe(
        channel,
        (data) => {
          void privates().then((p) => p.tap(data));
          return listener(data);
        },
        onResync,
      );
    },
    async unsubscribe(id) {
      socket.unsubscribe(id);
    },
    whenSubscribed: (id) => socket.whenSubscribed(id),
    async onSocketState(listener: (state: SocketState) => void) {
      socket.onState(listener);
      // The current state at once, so a badge is right before the first change.
      notify(listener, socket.state());
    },
    async networkChanged(online) {
      if (online) networkBack();
      else socket.dropNow();
    },
    async onSignedOut(listener) {
      session.onToken((token) => {
        if (token === null) notify(listener, undefined);
      });
    },
    async onReachability(listener) {
      reachability.onChange(listener);
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
    async legalQuote(query) {
      return (await import('./legal')).legalQuote(query);
    },
    async legalParse(texts, locale) {
      return (await import('./legal')).legalParse(texts, locale);
    },
    async cachedLegal(name, req) {
      await ready();
      return (await import('./legal')).loadLegal(store, name, req, session.user()?.id ?? null) as never;
    },
    async watchSecond(listener) {
      await ready();
      const { startSecondWatch } = await import('./second/second-core');
      const id = nextSecondWatch++;
      const stop = startSecondWatch(
        {
          socket,
          call,
          userId: () => session.user()?.id ?? null,
          store,
          ...(deps.timers && { timers: deps.timers }),
        },
        listener,
      );
      secondWatches.set(id, stop);
      return id;
    },
    async unwatchSecond(id) {
      secondWatches.get(id)?.();
      secondWatches.delete(id);
    },
    async previewSecond(input) {
      return (await import('./second/second-preview')).previewSecond(input);
    },
    async lever(method, ...args) {
      // The session must be loaded: the device copy of positions is shown only to its owner.
      await ready();
      leverApi ??= import('./lever-live').then((m) =>
        m.createLeverApi({
          call: async (name, req) => (await ready(), call(name, req as never) as never),
          subscribe: (ch, l) => socket.subscribe(ch, l),
          unsubscribe: (n) => socket.unsubscribe(n),
          watchTrades: (symbol, l) => market.watchTrades(symbol, l),
          unwatch: (n) => market.unwatch(n),
          notify,
          cache: {
            get: () => store.get(LEVER_CACHE_KEY),
            set: (v) => (v ? store.set(LEVER_CACHE_KEY, v) : store.remove(LEVER_CACHE_KEY)),
          },
          userId: () => session.user()?.id ?? null,
        }),
      );
      const api = await leverApi;
      return (api[method] as (...a: unknown[]) => unknown)(...args) as never;
    },
    async cachedNews(filter) {
      await ready();
      return (await import('./news-cache')).cachedNewsList(store.db, prefs!.lang, filter);
    },
    async cachedArticle(id) {
      return (await import('./news-cache')).cachedArticle(store.db, id);
    },
    async newsCover(id) {
      const m = await import('./news-cache');
      return m.coverUrl(store.get, store.set, id, async () => {
        const out = await api.call('news/cover', { id });
        return out.ok ? out.data : null;
      });
    },
    async kefuWatch(listener) {
      return (await kefu()).watch(listener);
    },
    async kefuWatchUnread(listener) {
      return (await kefu()).watchUnread(listener);
    },
    async kefuUnwatch(id) {
      (await kefu()).unwatch(id);
    },
    async kefuSend(draft) {
      return (await kefu()).send(draft);
    },
    async kefuDiscard(clientId) {
      await (await kefu()).discard(clientId);
    },
    async kefuRead(upTo) {
      await (await kefu()).markRead(upTo);
    },
    async kefuRefresh() {
      await (await kefu()).refresh();
    },
    async kefuOlder() {
      await (await kefu()).older();
    },
    async kefuImage(id) {
      return (await kefu()).image(id);
    },
    async dispose() {
      disposed = true;
      if (probeTimer !== null) timers.clearInterval(probeTimer);
      probeTimer = null;
      await leverApi?.then((l) => l.dispose());
      for (const stop of secondWatches.values()) stop();
      secondWatches.clear();
      await market.dispose();
      socket.close();
      await loaded?.catch(() => undefined);
      store.close();
    },
  };
}
