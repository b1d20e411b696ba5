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
 * How long a catalog read at worker start may answer the page's first catalog call, in ms: the
 * worker starts beside the framework's download, which takes seconds on a slow link.
 */
export const EARLY_CATALOG_MS = 15_000;

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

/** The core's call, and the early catalog read that its first `market/catalog` call may use. */
export interface CoreCaller {
  call: CoreCall;
  /** Reads the catalog now, for the page's first catalog call within EARLY_CATALOG_MS. */
  prefetchCatalog(): void;
}

export function createCoreCall(deps: CallDeps): CoreCaller {
  const { api, session, store } = deps;
  // The catalog read at worker start (with the tickers), used by the first `market/catalog` call
  // within EARLY_CATALOG_MS: the market list waits for the catalog's order, and on a slow link the
  // page's own request would start only after its code arrived.
  let earlyCatalog: { at: number; reply: Promise<Outcome<Res<'market/catalog'>>> } | null = null;

  async function call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>> {
    await deps.ready();
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
    prefetchCatalog() {
      earlyCatalog = { at: Date.now(), reply: api.call('market/catalog', {}) };
    },
  };
}
