// The core's `call`: an endpoint through the API client, then its effects in order: the dated
// private and public copies, the session (a login stores the token, a logout or `login` intent
// clears it), and each area's `answered` hook.
import type { EndpointName, Outcome, Req, Res } from '../domain';
import type { ApiClient } from './api-client';
import type { LazyDeviceStore } from './device-store';
import type { Answered, CoreCall } from './module';
import type { Session } from './session';
import { isPrivateRead, isPublicRead, savePublic, type PrivateReads } from './shared/dated';

/**
 * How long a read at worker start (the catalog, a landing page's terms) may answer the page's first
 * call of it, in ms: the worker starts beside the framework's download, which takes seconds on a
 * slow link.
 */
export const EARLY_READ_MS = 15_000;

/** What the call needs from the core. */
export interface CallDeps {
  api: ApiClient;
  session: Session;
  store: LazyDeviceStore;
  ready(): Promise<void>;
  /** The private cache, loaded on first use. */
  privates(): Promise<PrivateReads>;
  /** The areas' hooks, in registration order. */
  answered(answer: Answered): Promise<void>;
}

/** The core's call, and the early reads that its first call of each may use. */
export interface CoreCaller {
  call: CoreCall;
  /**
   * Reads `name` with `req` (default empty) now, for the page's first call of it with an equal
   * request within EARLY_READ_MS; returns the answer. Only for public reads the same for every
   * user: the session may not be loaded yet, so none is sent.
   */
  prefetch(name: EndpointName, req?: object): Promise<Outcome<unknown>>;
}

export function createCoreCall(deps: CallDeps): CoreCaller {
  const { api, session, store } = deps;
  // Reads at worker start (the catalog with the tickers, a landing page's terms), each used by the
  // first call of it with an empty request within EARLY_READ_MS: the market list waits for the
  // catalog's order, and on a slow link the page's own request would start only after its code
  // arrived.
  const early = new Map<EndpointName, { at: number; key: string; reply: Promise<Outcome<unknown>> }>();
  const takeEarly = (name: EndpointName, req: unknown): Promise<Outcome<unknown>> | null => {
    const held = early.get(name);
    if (!held) return null;
    early.delete(name);
    const fresh = Date.now() - held.at <= EARLY_READ_MS;
    return fresh && requestKey(req) === held.key ? held.reply : null;
  };

  async function call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>> {
    await deps.ready();
    // The session the call was made in: an answer that arrives after a logout is not kept.
    const token = session.token();
    const pending = takeEarly(name, req);
    const outcome = ((await pending) ?? (await api.call(name, req))) as Outcome<Res<K>>;
    // "Sign in" for a request sent before the session changed (a badge's read that left signed out
    // and came back after a login) is not about the new session: it must not end it. Ask again.
    if (!outcome.ok && outcome.intent === 'login' && token !== session.token() && session.token() !== null) {
      return call(name, req);
    }
    // Checked here so that other calls never load the cache's chunk.
    if (outcome.ok && token && isPrivateRead(name)) {
      await (await deps.privates()).keep(name, req, outcome.data, token);
    }
    // Not awaited, like the catalog: a first visit's write loads the database code.
    if (outcome.ok && isPublicRead(name)) void savePublic(store, name, req, outcome.data, Date.now());
    await session.afterCall(name, outcome as Outcome<unknown>);
    const userId = session.user()?.id ?? null;
    await deps.answered({ name, req, outcome: outcome as Outcome<unknown>, userId });
    return outcome;
  }

  return {
    call,
    prefetch(name, req = {}) {
      const reply = api.call(name, req as Req<typeof name>) as Promise<Outcome<unknown>>;
      early.set(name, { at: Date.now(), key: requestKey(req), reply });
      return reply;
    },
  };
}

/** A request's identity: its fields in name order (a page may build them in any order). */
function requestKey(req: unknown): string {
  if (req === null || typeof req !== 'object') return JSON.stringify(req ?? null);
  const fields = req as Record<string, unknown>;
  return JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k]]),
  );
}
