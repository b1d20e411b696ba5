// What a worker area is: a WorkerModule contributes its part of the typed API the UI sees
// (CoreApi), the device copies it keeps and the socket channels it listens to. It receives one
// WorkerContext with what every area shares, like a ServerModule receives its ServerContext
// (server/module.ts). The core (worker/core.ts) assembles the modules listed in worker/modules.ts.
import type { EndpointName, Lang, Outcome, Req, Res } from '../domain';
import type { ApiClient } from './api-client';
import type { LazyDeviceStore } from './device-store';
import type { LazyMarketFeed } from './market';
import type { SocketClient } from './socket-client';
import type { Timers } from './timers';

/** The core's `call`: an endpoint with the session's effects and the areas' caches. */
export type CoreCall = <K extends EndpointName>(name: K, req: Req<K>) => Promise<Outcome<Res<K>>>;

/** What every area shares: the server, the socket, the session, the device store. */
export interface WorkerContext {
  /** The core's call (session effects, caches). Waits for the session to be loaded. */
  call: CoreCall;
  /** The raw client, without session effects: public reads whose failure must not sign anyone out. */
  api: ApiClient;
  socket: SocketClient;
  store: LazyDeviceStore;
  /** The market feed (order books, tickers, trades, candles), shared: lever marks on spot trades. */
  market: LazyMarketFeed;
  /** Resolves once the session and preferences are loaded. */
  ready(): Promise<void>;
  /** The signed-in user's id, or null. */
  userId(): number | null;
  /** The UI language (after `ready`). */
  lang(): Lang;
  /** Injected timers (tests); the platform's otherwise. */
  timers?: Timers;
}

/** A finished call, as areas see it after the session applied it. */
export interface Answered {
  name: EndpointName;
  req: unknown;
  outcome: Outcome<unknown>;
  /** The signed-in user after the call (null after a logout or a `login` intent). */
  userId: number | null;
}

/**
 * One worker area. `api` holds only async methods (Comlink) with plain data; an area's heavy code
 * is loaded by `import()` inside them, so the worker's first load does not grow with the area.
 */
export interface WorkerModule<Api extends object = object> {
  api: Api;
  /** Every finished call, after the session saw it: keeps what this area caches. Errors are ignored. */
  answered?(answer: Answered): Promise<void> | void;
  /** `kv` keys holding the signed-in user's data: removed when the session ends (shared phones). */
  privateKeys?: readonly string[];
  /** Stops the area's watchers and timers (hosts, tests). */
  dispose?(): Promise<void> | void;
}

/** Builds an area's module on the shared context. */
export type WorkerModuleFactory<Api extends object> = (ctx: WorkerContext) => WorkerModule<Api>;

/** A promise made on first use and kept: an area's lazily loaded code. */
export function once<T>(make: () => Promise<T>): { (): Promise<T>; started(): Promise<T> | null } {
  let value: Promise<T> | null = null;
  const get = () => (value ??= make());
  return Object.assign(get, { started: () => value });
}
