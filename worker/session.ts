import type { EndpointName, Outcome, SessionGrant, UserInfo } from '../domain';
import { notify } from './notify';
import type { DeviceStore } from './store';

/** Listener for token changes; the socket uses it to authenticate or drop private channels. */
export type TokenListener = (token: string | null) => void;

/** The signed-in session: the token and the cached user, mirrored in memory for synchronous reads. */
export interface Session {
  /** Loads the persisted token and user. */
  load(): Promise<void>;
  token(): string | null;
  user(): UserInfo | null;
  /** Applies the session consequences of a finished call (spec §7, §8). */
  afterCall(name: EndpointName, outcome: Outcome<unknown>): Promise<void>;
  /** Refreshes the cached user with `user/info` when a token exists (spec: keep it when offline). */
  refresh(fetchInfo: () => Promise<Outcome<UserInfo>>): Promise<UserInfo | null>;
  clear(): Promise<void>;
  onToken(listener: TokenListener): () => void;
}

function isGrant(data: unknown): data is SessionGrant {
  if (typeof data !== 'object' || data === null) return false;
  const g = data as Record<string, unknown>;
  return typeof g.token === 'string' && g.token !== '' && typeof g.user === 'object' && g.user !== null;
}

/** Creates the session on top of the store. */
export function createSession(store: DeviceStore): Session {
  let token: string | null = null;
  let user: UserInfo | null = null;
  const listeners = new Set<TokenListener>();

  const setToken = (next: string | null): void => {
    if (next === token) return;
    token = next;
    for (const listener of listeners) notify(listener, next);
  };

  async function save(nextToken: string | null, nextUser: UserInfo | null): Promise<void> {
    // Memory first, so calls made while IndexedDB writes already use the new token.
    setToken(nextToken);
    user = nextUser;
    await store.setSession(nextToken, nextUser);
  }

  const clear = (): Promise<void> => save(null, null);

  return {
    async load() {
      const [t, u] = await Promise.all([store.getToken(), store.getUser()]);
      setToken(t);
      user = t ? u : null;
    },
    token: () => token,
    user: () => user,
    async afterCall(name, outcome) {
      if (name === 'user/logout') return clear();
      if (!outcome.ok) {
        // Any login intent ends the session (spec §8); when already signed out there is nothing to write.
        if (outcome.intent === 'login' && (token !== null || user !== null)) return clear();
        return;
      }
      if ((name === 'user/login' || name === 'user/register') && isGrant(outcome.data)) {
        return save(outcome.data.token, outcome.data.user);
      }
      if (name === 'user/info' && token && outcome.data) return save(token, outcome.data as UserInfo);
      if (name === 'user/tradePwd' && token && user && !user.hasTradePassword) {
        return save(token, { ...user, hasTradePassword: true });
      }
    },
    async refresh(fetchInfo) {
      if (!token) return null;
      const outcome = await fetchInfo();
      if (outcome.ok) await save(token, outcome.data);
      else if (outcome.intent === 'login') await clear();
      // Anything else (offline, timeout, server fault) keeps the cached user: the app starts offline.
      return user;
    },
    clear,
    onToken(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
