import {
  REQUEST_TIMEOUT_MS,
  endpointPathOf,
  normalize,
  type EndpointName,
  type ErrorKey,
  type Lang,
  type Outcome,
  type Req,
  type Res,
} from '../domain';
import { encodeParams } from './encode';
import { coreEndpointDef, endpointDef } from './endpoint-defs';
import { notify } from './notify';
import { defaultTimers, type Timers } from './timers';

/** The request the client hands to `fetch`: always a string URL and plain header record. */
export interface FetchInit {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /**
   * Always `no-cache`: the browser revalidates (a cheap 304 with the ETag) instead of answering from
   * its HTTP cache, so a reply proves the server was reached and an offline device never sees an
   * old catalog presented as fresh.
   */
  cache: 'no-cache';
}

/** The reply the client reads. The DOM `Response` and Node's `fetch` reply both satisfy it. */
export interface FetchReply {
  status: number;
  text(): Promise<string>;
}

/** A `fetch` implementation: the global one, or a fake in tests. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchReply>;

/** Listener for the loading indicator: true when the first variant-3 call starts, false when the last ends. */
export type LoadingListener = (busy: boolean) => unknown;

/** What the client needs from the rest of the core. */
export interface ApiClientDeps {
  fetch: FetchLike;
  /** Origin of the server, such as `http://localhost:8080`; read on every call. */
  origin: () => string;
  /** The session token, or null when signed out; read on every call. */
  token: () => string | null;
  /** The user's language, sent in the `lang` header so the server answers in it. */
  lang: () => Lang;
  timers?: Timers;
  /** Request timeout in milliseconds; REQUEST_TIMEOUT_MS (60 s, spec §9) unless set. */
  timeoutMs?: number;
  /** Told after each request whether the server was reached (a reply) or not (network error, timeout). */
  reached?: (reached: boolean) => void;
}

/** Calls endpoints of the table in their declared variant (spec §7). */
export interface ApiClient {
  /** Never throws for HTTP or network problems: every problem comes back as an intent. */
  call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>>;
  /** Adds a loading listener; returns a function that removes it. */
  onLoading(listener: LoadingListener): () => void;
  /** Variant-3 calls in flight right now. */
  inFlight(): number;
}

const failKey = <T>(messageKey: ErrorKey): Outcome<T> => ({ ok: false, intent: 'message', messageKey });

/** Parses a reply body as JSON; undefined when it is empty or not JSON (normalize handles that). */
function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The headers of a call in `variant` (spec §7). */
export function variantHeaders(
  variant: 1 | 2 | 3 | 4 | 5,
  lang: Lang,
  token: string | null,
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Variant 1 carries no token, but the lang header lets the server answer in the user's language.
  if (variant !== 5) headers.lang = lang;
  if (variant === 3 && token) headers.token = token;
  if (variant === 4 && token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Creates an API client. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timers = deps.timers ?? defaultTimers;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const listeners = new Set<LoadingListener>();
  let loading = 0;

  const emit = (busy: boolean): void => {
    for (const listener of listeners) notify(listener, busy);
  };

  async function call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>> {
    // Core endpoints synchronously, so a call reports "busy" before its first await.
    const def = coreEndpointDef(name) ?? (await endpointDef(name));
    const params = (req ?? {}) as Record<string, unknown>;
    const headers = variantHeaders(def.variant, deps.lang(), deps.token());
    let url = deps.origin().replace(/\/+$/, '') + endpointPathOf(name, def);
    let body: string | undefined;
    if (def.method === 'GET') {
      const query = encodeParams(params).toString();
      if (query) url += `?${query}`;
    } else if (def.json) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(params);
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = encodeParams(params).toString();
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const tracked = def.variant === 3;
    if (tracked && loading++ === 0) emit(true);
    try {
      const init: FetchInit = { method: def.method, headers, signal: controller.signal, cache: 'no-cache' };
      if (body !== undefined) init.body = body;
      const reply = await deps.fetch(url, init);
      // The timeout covers reading the body too: a server that stalls mid-body is as bad as a silent one.
      const text = await reply.text();
      deps.reached?.(true);
      return normalize<Res<K>>(def.variant, reply.status, parseBody(text));
    } catch {
      deps.reached?.(false);
      return failKey(timedOut ? 'timeout' : 'offline');
    } finally {
      timers.clearTimeout(timer);
      if (tracked && --loading === 0) emit(false);
    }
  }

  return {
    call,
    onLoading(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inFlight: () => loading,
  };
}
