import type {
  CandleInterval,
  EndpointName,
  ErrorKey,
  Lang,
  Outcome,
  Req,
  Res,
  Theme,
  Ticker,
  TradeTick,
  UserInfo,
} from '../domain';
import type { BookViewOptions } from './market/grouping';
import type { BookView, CachedCatalog, CachedTickers, CandleUpdate } from './market/types';
import type { AmountAnswer, AmountQuery } from './funding';
import type { CachedPrivate, PrivateCachedName } from './identity-cache';
import type { OrderPreview, PreviewInput } from './spot-preview';
import type { CachedReply, LegalQuote, LegalQuoteQuery } from './legal';
import type { Reachability } from './reachability';
import type { Dated, DatedOutcome, PrivateRead } from './private-reads';
import type { PublicRead } from './public-reads';
import type { LeverApi, LeverMethod } from './lever-live';
import type { CachedArticle, CachedNews, NewsFilter } from './news-cache';
import type { KefuDraft, KefuView } from './kefu-chat';
import type { SecondPreview, SecondPreviewInput } from './second/second-preview';
import type { SecondState } from './second/second-watch';

export type { BookRow, BookViewOptions, BookViewSide } from './market/grouping';
export type { BookStatus } from './market/order-book';
export type { Reachability } from './reachability';
export type { BookView, CachedCatalog, CachedTickers, CandleUpdate } from './market/types';
export type { OrderPreview, PreviewInput } from './spot-preview';
export type { AmountAnswer, AmountQuery } from './funding';
export type { Dated, DatedOutcome, PrivateRead } from './private-reads';
export type { PublicRead } from './public-reads';
export type { LeverApi, LeverLivePosition, LeverLiveState, LeverMethod } from './lever-live';
export type { CachedReply, LegalQuote, LegalQuoteQuery } from './legal';
export type { LeverPreview, LeverPreviewInput } from '../domain/lever-math';
export type { CachedArticle, CachedNews, NewsFilter } from './news-cache';
export type { KefuDraft, KefuView, PendingMessage } from './kefu-chat';
export type { SecondPreview, SecondPreviewInput } from './second/second-preview';
export type { SecondState } from './second/second-watch';
export type { CachedPrivate, PrivateCachedName } from './identity-cache';

/** A saved address on the device (spec §3), with flags the address picker filters by. */
export interface SavedAddress {
  id: string;
  coin: string;
  chain: string;
  address: string;
  label?: string;
  /** Filter flags, such as `{ withdraw: true }`. */
  flags: Record<string, boolean>;
}

/** Device-persisted preferences (spec §3); kept in IndexedDB by the worker. */
export interface Prefs {
  lang: Lang;
  theme: Theme;
  /** BCP-47 tag used for number and date formatting, derived from `lang` unless set. */
  locale: string;
  addressList: SavedAddress[];
  /** Favourite markets (`BASE/QUOTE` symbols) of the market page, in the order they were added. */
  favourites?: string[];
}

/** What the UI learns at start. */
export interface Boot {
  prefs: Prefs;
  /** The signed-in user from the cached session, or null. Refreshed from the server when online. */
  user: UserInfo | null;
}

/** Socket connection state, for an honest "reconnecting" badge. */
export type SocketState = 'idle' | 'connecting' | 'open' | 'closed';

/** Options for `init`. */
export interface InitOptions {
  /** Origin of the server, such as `http://localhost:8080`. */
  origin: string;
  /** Path of the socket on that origin, such as `/ws`. */
  socketPath: string;
  /** Read the tickers at once, before any page asks (the app does: nearly every page shows prices). */
  prefetchTickers?: boolean;
}

/**
 * The worker core as the UI sees it through Comlink. Every value crossing is plain data
 * (decimal strings, never Decimal instances). Callbacks are passed with `Comlink.proxy`.
 */
export interface CoreApi {
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
  /**
   * Watches the order book of `symbol`, grouped by `options.step` into `options.rows` rows per side.
   * The listener gets display-ready rows at most once per animation frame. Rejects with RangeError on
   * invalid options. Returns an id for `unwatch`.
   */
  watchBook(symbol: string, options: BookViewOptions, listener: (view: BookView) => void): Promise<number>;
  /** Changes the rows, step or side of a book watcher (no resubscription). */
  setBookView(id: number, options: BookViewOptions): Promise<void>;
  /** Watches all tickers: the whole list, sorted by symbol, at most once per frame. */
  watchTickers(listener: (tickers: Ticker[]) => void): Promise<number>;
  /** Tickers saved on the device and when (for an instant, possibly offline, render marked with its age). */
  cachedTickers(): Promise<CachedTickers>;
  /**
   * The catalog saved on the device by the last successful `market/catalog` call, and when. The
   * call itself never answers from this cache: pages read both and prefer the live answer.
   */
  cachedCatalog(): Promise<CachedCatalog>;
  /** Watches the latest 50 trades of `symbol`, newest first. */
  watchTrades(symbol: string, listener: (trades: TradeTick[]) => void): Promise<number>;
  /** Watches a candle series: the cached series first (with its age), then history, then live updates. */
  watchCandles(
    symbol: string,
    interval: CandleInterval,
    listener: (update: CandleUpdate) => void,
  ): Promise<number>;
  /** Stops a watcher made by any `watch…` method. */
  unwatch(id: number): Promise<void>;
  /**
   * The spot order form's exact preview (total, fee, percentage shortcut), floored like the server
   * computes it; the UI does no arithmetic on money.
   */
  previewOrder(input: PreviewInput): Promise<OrderPreview>;
  /** Exact, floored amount math for the assets forms (flooring, amount − fee, % shortcuts). */
  amounts(query: AmountQuery): Promise<AmountAnswer>;
  /**
   * Uploads a proof image (already compressed by the page) through `assets/upload`. Refuses types
   * other than JPEG, PNG and WebP and sizes above UPLOAD_MAX_BYTES before sending.
   */
  uploadImage(image: Blob): Promise<Outcome<{ id: string }>>;
  /** The exact take conversion of a fiat ad (by amount or by quantity), floored like the server. */
  legalQuote(query: LegalQuoteQuery): Promise<LegalQuote>;
  /** Amounts of a fiat form as typed in `locale` (plain decimals or null) and the store limits rule (spec §5). */
  legalParse(
    texts: Record<string, string>,
    locale: string,
  ): Promise<{ values: Record<string, string | null>; limits: ErrorKey | null }>;
  /**
   * What the worker last received for a fiat read (`legal/ads`, `legal/order` …) with the same
   * request, for the signed-in user, and when; null when nothing is kept. Pages show it first, dated.
   */
  cachedLegal<K extends EndpointName>(name: K, req: Req<K>): Promise<CachedReply<Res<K>> | null>;
  /**
   * The lever area's worker calls (`LeverApi` in worker/lever-live.ts): live positions marked on
   * every spot trade (`watchLever`, `reloadLever`, `unwatchLever`), the exact pre-trade receipt
   * (`previewLever`), the PnL at a price (`leverPnlAt`) and the equity sum (`leverEquity`). One
   * method, so the first load does not grow with the area.
   */
  lever<K extends LeverMethod>(
    method: K,
    ...args: Parameters<LeverApi[K]>
  ): Promise<Awaited<ReturnType<LeverApi[K]>>>;
  /**
   * News articles of the UI language kept on the device by earlier `news/list` and `news/detail`
   * calls, filtered like the list (pinned first, newest first), and when they were stored.
   */
  cachedNews(filter: NewsFilter): Promise<CachedNews>;
  /** An article read before on this device, with its body and when it was stored; null otherwise. */
  cachedArticle(id: number): Promise<CachedArticle | null>;
  /** A news cover image as a `data:` URL, from the device or fetched once; null when unavailable. */
  newsCover(id: string): Promise<string | null>;
  /**
   * Watches the support chat of the signed-in user: stored messages, messages waiting in the
   * device's outbox, unread count. Returns an id for `kefuUnwatch`.
   */
  kefuWatch(listener: (view: KefuView) => void): Promise<number>;
  /** Watches only the unread count of the support chat (the tab badge); 0 when signed out. */
  kefuWatchUnread(listener: (count: number) => void): Promise<number>;
  kefuUnwatch(id: number): Promise<void>;
  /**
   * Queues a support message (text, or an image already compressed by the page) and sends it when
   * the server is reachable; refuses at once an empty or oversize text or a wrong image type.
   */
  kefuSend(draft: KefuDraft): Promise<Outcome<null>>;
  /** Drops a message the server refused from the outbox. */
  kefuDiscard(clientId: string): Promise<void>;
  /** Marks the operator's messages up to `upTo` as read. */
  kefuRead(upTo: number): Promise<void>;
  /** Sends what waits and reads the conversation again (pull-to-refresh). */
  kefuRefresh(): Promise<void>;
  /** Reads the messages before the oldest one shown. */
  kefuOlder(): Promise<void>;
  /** A chat image as a `data:` URL, or null when it cannot be read. */
  kefuImage(id: string): Promise<string | null>;
  /**
   * Watches the signed-in user's timed options (open, with their countdown on the server's clock, and
   * the latest settled): the device's copy first, then the server's, kept current by settlement
   * events and re-read after a reconnect. Returns an id for `unwatchSecond`.
   */
  watchSecond(listener: (state: SecondState) => void): Promise<number>;
  unwatchSecond(id: number): Promise<void>;
  /** The option form's exact payout preview and % shortcuts, computed like the server. */
  previewSecond(input: SecondPreviewInput): Promise<SecondPreview>;
  /**
   * The signed-in user's last answer of an identity call (`kyc/status`, `team/summary`,
   * `credit/score`) kept on the device and when it was saved, or null (none, or another account's).
   */
  cachedPrivate<K extends PrivateCachedName>(name: K): Promise<CachedPrivate<K> | null>;
}
