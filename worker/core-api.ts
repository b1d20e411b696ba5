import type { EndpointName, Lang, Outcome, Req, Res, Theme, UserInfo } from '../domain';

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
}
