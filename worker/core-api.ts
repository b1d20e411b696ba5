import type { EndpointName, Outcome, Req, Res, UserInfo } from '../domain';
import type { AreaApi } from './modules';
import type { Prefs } from './prefs';
import type { Reachability } from './reachability';
import type { Dated, DatedOutcome, PrivateRead, PublicRead } from './shared/dated';
import type { SocketState } from './socket-client';

export type { Prefs, SavedAddress } from './prefs';
export type { SocketState } from './socket-client';
export type { Reachability } from './reachability';
export type { Dated, DatedOutcome, PrivateRead, PublicRead } from './shared/dated';
export type {
  BookRow,
  BookStatus,
  BookView,
  BookViewOptions,
  BookViewSide,
  CachedCatalog,
  CachedTickers,
  CandleUpdate,
} from './market';
export type { OrderPreview, PreviewInput } from './trade';
export type { AmountAnswer, AmountQuery } from './assets';
export type { CachedReply, LegalQuote, LegalQuoteQuery } from './legal';
export type {
  LeverLivePosition,
  LeverLiveState,
  LeverPnlQuery,
  LeverPreview,
  LeverPreviewInput,
} from './lever';
export type { CachedArticle, CachedNews, NewsFilter } from './news';
export type { KefuDraft, KefuView, PendingMessage } from './kefu';
export type { SecondPreview, SecondPreviewInput, SecondState } from './second';
export type { SellPreview, SellPreviewInput } from './sell';
export type { CachedPrivate, PrivateCachedName } from './identity';

/** What the UI learns at start. */
export interface Boot {
  prefs: Prefs;
  /** The signed-in user from the cached session, or null. Refreshed from the server when online. */
  user: UserInfo | null;
}

/** Options for `init`. */
export interface InitOptions {
  /** Origin of the server, such as `http://localhost:8080`. */
  origin: string;
  /** Path of the socket on that origin, such as `/ws`. */
  socketPath: string;
  /** Read the tickers at once, before any page asks (the app does: nearly every page shows prices). */
  prefetchTickers?: boolean;
}

/** What the core itself offers: start, calls and their device copies, preferences, the socket. */
export interface BaseApi {
  init(options: InitOptions): Promise<Boot>;
  /**
   * Calls an endpoint of the table in `domain/endpoints.ts` in its declared variant and returns
   * data or one intent. Login and register success store the token; logout and the `login` intent
   * clear it.
   */
  call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>>;
  /**
   * The signed-in user's last answer of a private read (balances, open orders, deposit address, a
   * list's first page) kept on the device, with when it was received; null when none is kept. For an
   * instant render, also offline; the live answer (`readPrivate`) replaces it.
   */
  cachedRead<K extends PrivateRead>(name: K, req: Req<K>): Promise<Dated<Res<K>> | null>;
  /**
   * `call` for a private read, cached-first when the network fails: the server's answer (kept on the
   * device, `source: 'live'`), else — only when the server could not be reached — the kept copy
   * (`source: 'cache'`, dated), else the failure.
   */
  readPrivate<K extends PrivateRead>(name: K, req: Req<K>): Promise<DatedOutcome<Res<K>>>;
  /**
   * The device's last answer of a public read a page cannot render without (contract and option
   * terms, the live stream: `PUBLIC_READS`), dated; null when none is kept.
   */
  cachedPublic<K extends PublicRead>(name: K, req: Req<K>): Promise<Dated<Res<K>> | null>;
  /** `readPrivate` for a public read: the server's answer, else (server not reached) the kept copy. */
  readPublic<K extends PublicRead>(name: K, req: Req<K>): Promise<DatedOutcome<Res<K>>>;
  getPrefs(): Promise<Prefs>;
  setPrefs(patch: Partial<Prefs>): Promise<Prefs>;
  /** The cached signed-in user, or null. */
  currentUser(): Promise<UserInfo | null>;
  /** Variant-3 calls report here while they are in flight (for the loading indicator). */
  onLoading(listener: (busy: boolean) => void): Promise<void>;
  /**
   * Subscribes to a socket channel; returns an id for `unsubscribe`. `onResync` is told whenever the
   * channel streams again after a lost connection (the server acknowledged the new subscription):
   * what happened in between was not streamed, so a view read from the server must read again.
   */
  subscribe(channel: string, listener: (data: unknown) => void, onResync?: () => void): Promise<number>;
  unsubscribe(id: number): Promise<void>;
  /**
   * Resolves once the server acknowledged subscription `id`'s channel (at once if it already has):
   * a view that reads its state after this misses no event.
   */
  whenSubscribed(id: number): Promise<void>;
  onSocketState(listener: (state: SocketState) => void): Promise<void>;
  /**
   * The page heard the browser's `online` or `offline` event (a worker may not get them): offline
   * drops the socket, online reconnects it at once; private listeners then resync.
   */
  networkChanged(online: boolean): Promise<void>;
  /** Called whenever the stored session ends (logout, a login intent, a socket told it was revoked). */
  onSignedOut(listener: () => void): Promise<void>;
  /** Whether the server answered lately (replies and socket), told at once and on each change. */
  onReachability(listener: (state: Reachability) => void): Promise<void>;
}

/**
 * The worker core as the UI sees it through Comlink: the core's own methods and every area's
 * (worker/modules.ts). Every value crossing is plain data (decimal strings, never Decimal
 * instances). Callbacks are passed with `Comlink.proxy`.
 */
export interface CoreApi extends BaseApi, AreaApi {}
