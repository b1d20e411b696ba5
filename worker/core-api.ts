import type {
  CandleInterval,
  EndpointName,
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

export type { BookRow, BookViewOptions, BookViewSide } from './market/grouping';
export type { BookStatus } from './market/order-book';
export type { BookView, CachedCatalog, CachedTickers, CandleUpdate } from './market/types';
export type { OrderPreview, PreviewInput } from './spot-preview';
export type { AmountAnswer, AmountQuery } from './funding';
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
  getPrefs(): Promise<Prefs>;
  setPrefs(patch: Partial<Prefs>): Promise<Prefs>;
  /** The cached signed-in user, or null. */
  currentUser(): Promise<UserInfo | null>;
  /** Variant-3 calls report here while they are in flight (for the loading indicator). */
  onLoading(listener: (busy: boolean) => void): Promise<void>;
  /** Subscribes to a socket channel; returns an id for `unsubscribe`. */
  subscribe(channel: string, listener: (data: unknown) => void): Promise<number>;
  unsubscribe(id: number): Promise<void>;
  onSocketState(listener: (state: SocketState) => void): Promise<void>;
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
  /**
   * The signed-in user's last answer of an identity call (`kyc/status`, `team/summary`,
   * `credit/score`) kept on the device and when it was saved, or null (none, or another account's).
   */
  cachedPrivate<K extends PrivateCachedName>(name: K): Promise<CachedPrivate<K> | null>;
}
