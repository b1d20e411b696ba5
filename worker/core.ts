// The worker core: the shared services (API client, session, socket, device store, market feed) in
// one WorkerContext, and the areas' WorkerModules (worker/modules.ts) assembled on it into CoreApi.
import { channels, type EndpointName, type Lang, type Outcome } from '../domain';
import { createApiClient, type FetchLike } from './api-client';
import { createConnection, socketUrlFor } from './connection';
import { createCoreCall } from './core-call';
import type { Boot, CoreApi, InitOptions, Prefs, SocketState } from './core-api';
import { createDeviceStore, type DeviceStoreOptions } from './device-store';
import { createMarketFeed, type BookTuning, type FrameScheduler } from './market';
import type { Answered, WorkerContext, WorkerModule } from './module';
import { MODULES, type AreaApi } from './modules';
import { notify } from './notify';
import { createReachability } from './reachability';
import { createSession } from './session';
import {
  loadPrivateReads,
  loadPublic,
  readPublic as readPublicAnswer,
  type PrivateReads,
} from './shared/dated';
import type { StoreOptions } from './store';
import type { Timers } from './timers';
import type { WebSocketCtor } from './web-socket';
import { startLandingReads } from './landing-reads';

export { PROBE_MS, socketUrlFor } from './connection';
export { EARLY_READ_MS } from './core-call';

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

/** The core as created: CoreApi plus what only hosts (the worker entry, tests) call, not the UI. */
export interface Core extends CoreApi {
  /**
   * Starts reading the tickers and the catalog (public, REST) before the page asks: the worker
   * entry calls it as it starts, which the HTML's boot script makes happen beside the framework's
   * download. A page's first `watchTickers` and catalog call within EARLY_TICKERS_MS /
   * EARLY_READ_MS use these replies; so does the landing page `route`'s first read of its terms
   * (worker/landing-reads.ts).
   */
  prefetchMarket(route?: string, query?: URLSearchParams): void;
  /** Closes the socket and the database. */
  dispose(): Promise<void>;
}

/** Opens the device store the host asked for. */
function deviceStore(deps: CoreDeps) {
  const options: DeviceStoreOptions = { deferFirstVisit: deps.deferFirstVisit ?? false };
  if (deps.dbName !== undefined) options.name = deps.dbName;
  if (deps.indexedDB) options.indexedDB = deps.indexedDB;
  if (deps.IDBKeyRange) options.IDBKeyRange = deps.IDBKeyRange;
  return createDeviceStore(options);
}

/** What the core's start changes: the server (`init`) and the preferences (loaded, set). */
interface CoreState {
  origin: string;
  socketPath: string | null;
  prefs: Prefs | null;
}

/** The shared services of a core: device store, session, API client, socket, market feed. */
function createServices(deps: CoreDeps, state: CoreState) {
  // Wrapped rather than passed as is: an unbound global `fetch` throws "Illegal invocation".
  const fetchImpl: FetchLike = deps.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const store = deviceStore(deps);
  const session = createSession(store);
  const reachability = createReachability();
  const api = createApiClient({
    fetch: fetchImpl,
    reached: (reached) => {
      // A first visit's cache writes wait until the page's requests are done (device-store.ts).
      store.postpone();
      reachability.request(reached);
    },
    origin: () => state.origin,
    token: () => session.token(),
    lang: () => state.prefs?.lang ?? 'id',
    ...(deps.timers && { timers: deps.timers }),
    ...(deps.requestTimeoutMs !== undefined && { timeoutMs: deps.requestTimeoutMs }),
  });
  const link = createConnection({
    WebSocket: deps.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketCtor),
    url: () => (state.socketPath === null ? null : socketUrlFor(state.origin, state.socketPath)),
    origin: () => state.origin,
    api,
    session,
    reachability,
    ...(deps.timers && { timers: deps.timers }),
  });
  const market = createMarketFeed(api, link.socket, store, deps);
  return { store, session, reachability, api, link, socket: link.socket, market };
}

/** Creates the worker core. Nothing touches the network before `init`, `call` or `subscribe`. */
export function createCore(deps: CoreDeps = {}): Core {
  const state: CoreState = { origin: deps.origin ?? '', socketPath: null, prefs: null };
  const { store, session, reachability, api, link, socket, market } = createServices(deps, state);

  // Loaded once, on first use; every method waits for it so none sees a half-loaded state.
  let loaded: Promise<void> | null = null;
  const ready = (): Promise<void> =>
    (loaded ??= (async () => {
      state.prefs = await store.getPrefs();
      await session.load();
      socket.setToken(session.token());
    })());
  // The private cache loads with the first private read or event: a signed-out visit never needs it.
  let privateLoad: Promise<PrivateReads> | null = null;
  const privates = (): Promise<PrivateReads> =>
    (privateLoad ??= loadPrivateReads({
      db: store.db,
      call,
      userId: () => session.user()?.id,
      token: session.token,
    }));
  const modules: WorkerModule[] = [];
  const answered = async (answer: Answered): Promise<void> => {
    for (const m of modules) await Promise.resolve(m.answered?.(answer)).catch(() => undefined);
  };
  const { call, prefetch } = createCoreCall({ api, session, store, ready, privates, answered });
  const ctx: WorkerContext = {
    call,
    api,
    socket,
    store,
    market,
    ready,
    userId: () => session.user()?.id ?? null,
    lang: (): Lang => state.prefs!.lang,
    ...(deps.timers && { timers: deps.timers }),
  };
  modules.push(...MODULES.map((make) => make(ctx) as WorkerModule));
  // Signing out forgets what the areas keep of the user on the device (shared phones).
  const privateKeys = modules.flatMap((m) => m.privateKeys ?? []);
  session.onToken((token) => {
    if (token === null) void store.remove(...privateKeys).catch(() => undefined);
  });

  const prefetchMarket = marketPrefetcher(market, prefetch, async () => {
    await ready();
    return state.prefs!.lang;
  });

  const base: Omit<Core, keyof AreaApi> = {
    prefetchMarket,
    async init(options: InitOptions): Promise<Boot> {
      state.origin = options.origin;
      state.socketPath = options.socketPath;
      // Nearly every first page shows prices: read them while the page's own code still loads
      // (unless the worker entry already did).
      if (options.prefetchTickers) prefetchMarket();
      await ready();
      // Channels subscribed before init waited for the URL; connect them now.
      socket.connect();
      const user = await session.refresh(() => api.call('user/info', {}));
      return { prefs: state.prefs!, user };
    },
    call,
    cachedRead: async (name, req) => (await ready(), (await privates()).cached(name, req)),
    readPrivate: async (name, req) => (await ready(), (await privates()).read(name, req)),
    cachedPublic: async (name, req) => (await ready(), loadPublic(store, name, req)),
    readPublic: async (name, req) => readPublicAnswer(store, name, req, call),
    getPrefs: async () => (await ready(), state.prefs!),
    async setPrefs(patch) {
      await ready();
      state.prefs = await store.setPrefs(patch);
      return state.prefs;
    },
    currentUser: async () => (await ready(), session.user()),
    async onLoading(listener) {
      api.onLoading(listener);
    },
    async subscribe(channel, listener, onResync) {
      if (channel !== channels.private) return socket.subscribe(channel, listener, onResync);
      // Private events keep the private cache current too, so offline pages show the last balances.
      const tap = (data: unknown) => (void privates().then((p) => p.tap(data)), listener(data));
      return socket.subscribe(channel, tap, onResync);
    },
    unsubscribe: async (id) => socket.unsubscribe(id),
    whenSubscribed: (id) => socket.whenSubscribed(id),
    async onSocketState(listener: (state: SocketState) => void) {
      socket.onState(listener);
      // The current state at once, so a badge is right before the first change.
      notify(listener, socket.state());
    },
    networkChanged: async (online) => (online ? link.networkBack() : socket.dropNow()),
    async onSignedOut(listener) {
      session.onToken((token) => {
        if (token === null) notify(listener, undefined);
      });
    },
    async onReachability(listener) {
      reachability.onChange(listener);
    },
    async dispose() {
      link.dispose();
      for (const m of [...modules].reverse()) await m.dispose?.();
      socket.close();
      await loaded?.catch(() => undefined);
      store.close();
    },
  };
  return Object.assign(base, ...modules.map((m) => m.api)) as Core;
}

/**
 * The worker entry's reads at start (Core.prefetchMarket): the tickers, the catalog, the site's
 * settings and the landing page's own reads. Once per worker: the entry asks at start and `init`
 * asks again for hosts without that entry; a second read after the page already used the first
 * would only repeat it.
 */
function marketPrefetcher(
  market: { prefetchTickers(): void },
  prefetch: (name: EndpointName, req?: object) => Promise<Outcome<unknown>>,
  lang: () => Promise<Lang>,
): (route?: string, query?: URLSearchParams) => void {
  let prefetched = false;
  return (route = '', query = new URLSearchParams()) => {
    if (prefetched) return;
    prefetched = true;
    market.prefetchTickers();
    void prefetch('market/catalog');
    // The site's settings (the same for everyone): the shell asks at mount, and its answer arriving
    // later, in the middle of the page's first data, started that render over.
    void prefetch('settings');
    startLandingReads(route, query, { prefetch, lang });
  };
}
