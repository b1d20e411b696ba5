// The console's API client. It lives in the worker and keeps the session's Bearer token to itself:
// the pages call routes by name and get data or a problem, never the token (a script injected into
// the page could not read it from the page's memory or storage).
import { normalize } from '../../domain/envelope';
import { methodOf, type RouteName, type RouteReq, type RouteRes } from './routes';

/** Why a session ended: the server's idle timeout, or any other end (expired, revoked, sign-out). */
export type SignOutReason = 'idle' | 'ended';

/** Why a call gave no data. */
export type Problem =
  /** No session, or it ended (HTTP 401): the console shows the sign-in. */
  | 'signIn'
  /** The operator's role may not do this (HTTP 403). */
  | 'forbidden'
  /** The server refused with a message (already in the operator's language when it gave one). */
  | 'message'
  /** No answer: offline or the server is down. */
  | 'network';

/** A call's result. */
export type CallResult<T> =
  | { ok: true; data: T }
  | { ok: false; problem: Problem; message?: string; messageKey?: string; field?: string };

/** What the client needs from its surroundings (tests pass their own `fetch`). */
export interface ClientDeps {
  /** Such as `https://exchange.example`; the API is at `${origin}/api/ops/…`. */
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

/** Routes that are called without a session: a 401 there is a wrong password or code, not a lost session. */
const PUBLIC: ReadonlySet<RouteName> = new Set<RouteName>(['auth/login', 'auth/totp']);

/** The query string of a GET: fields left empty are left out. */
export function queryOf(input: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** The console's client: calls, the session's token, and who hears that the session ended. */
export interface OpsClient {
  call<N extends RouteName>(name: N, input: RouteReq<N>): Promise<CallResult<RouteRes<N>>>;
  /** Keeps a session's token (after `auth/totp`). */
  setToken(token: string | null): void;
  /** The token, for the socket's first message only (never handed to the page). */
  token(): string | null;
  /** Headers sent with every call besides the token (the demo's operator name). */
  setExtraHeaders(headers: Record<string, string>): void;
  /** The language the server writes its messages in (`lang` header). */
  setLang(lang: string): void;
  /** Calls `listener` when a call finds the session ended, and why; returns the unsubscribe. */
  onSignedOut(listener: (reason: SignOutReason) => void): () => void;
}

/** Creates the client; no session until `setToken`. */
export function createOpsClient(deps: ClientDeps): OpsClient {
  let token: string | null = null;
  let extra: Record<string, string> = {};
  let lang = 'en';
  const signedOut = new Set<(reason: SignOutReason) => void>();

  const endSession = (reason: SignOutReason): void => {
    if (token === null) return;
    token = null;
    for (const listener of signedOut) listener(reason);
  };

  async function call<N extends RouteName>(name: N, input: RouteReq<N>): Promise<CallResult<RouteRes<N>>> {
    const method = methodOf(name);
    const headers: Record<string, string> = { lang, accept: 'application/json', ...extra };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers, credentials: 'omit', cache: 'no-store' };
    let url = `${deps.origin}/api/ops/${name}`;
    if (method === 'GET') url += queryOf(input as object);
    else {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(input ?? {});
    }
    let response: Response;
    try {
      response = await deps.fetch(url, init);
    } catch {
      return { ok: false, problem: 'network', messageKey: 'network' };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const outcome = normalize<RouteRes<N>>(2, response.status, body);
    const shown = outcome.ok
      ? {}
      : {
          ...(outcome.message !== undefined && { message: outcome.message }),
          ...(outcome.messageKey !== undefined && { messageKey: outcome.messageKey }),
          ...(outcome.field !== undefined && { field: outcome.field }),
        };
    if (response.status === 403) return { ok: false, problem: 'forbidden', ...shown };
    const lost = response.status === 401 || (!outcome.ok && outcome.intent === 'login');
    if (lost && !PUBLIC.has(name)) {
      endSession(outcome.ok ? 'ended' : outcome.messageKey === 'opsSessionIdle' ? 'idle' : 'ended');
      return { ok: false, problem: 'signIn', ...shown };
    }
    if (outcome.ok) return { ok: true, data: outcome.data };
    if (response.status >= 500 && body === undefined) return { ok: false, problem: 'network', ...shown };
    return { ok: false, problem: 'message', ...shown };
  }

  return {
    call,
    setToken(next) {
      token = next;
    },
    token: () => token,
    setExtraHeaders(headers) {
      extra = { ...headers };
    },
    setLang(next) {
      lang = next;
    },
    onSignedOut(listener) {
      signedOut.add(listener);
      return () => signedOut.delete(listener);
    },
  };
}
