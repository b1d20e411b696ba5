// The core's link to the server: the socket, and whether the server answered lately.
import { socketUrl } from '../domain';
import type { ApiClient } from './api-client';
import type { ReachabilityTracker } from './reachability';
import type { Session } from './session';
import { createSocketClient, type SocketClient } from './socket-client';
import { defaultTimers, type TimerHandle, type Timers } from './timers';
import type { WebSocketCtor } from './web-socket';

/** How often the core asks the server whether it is back while it seems unreachable, in ms. */
export const PROBE_MS = 10_000;

/** The socket URL for an HTTP origin and a socket path: http→ws, https→wss, default ports omitted. */
export function socketUrlFor(origin: string, path: string): string | null {
  try {
    const u = new URL(origin);
    return socketUrl(u.protocol === 'https:' ? 'wss:' : 'ws:', u.hostname, u.port, path);
  } catch {
    return null;
  }
}

/** What the connection needs from the core. */
export interface ConnectionDeps {
  WebSocket: WebSocketCtor;
  /** The socket URL, or null while `init` has not named the server. */
  url(): string | null;
  /** The origin, '' until known: no probe before. */
  origin(): string;
  api: ApiClient;
  session: Session;
  reachability: ReachabilityTracker;
  timers?: Timers;
}

/** The socket and the reachability probe. */
export interface Connection {
  socket: SocketClient;
  /** The network came back: reconnect and probe at once. */
  networkBack(): void;
  /** Stops the probe. */
  dispose(): void;
}

/** Creates the socket, its session hooks and the reachability probe. */
export function createConnection(deps: ConnectionDeps): Connection {
  const { api, session, reachability } = deps;
  const socket = createSocketClient({
    WebSocket: deps.WebSocket,
    url: deps.url,
    // The server ended this session (logout elsewhere, password change, expiry): confirm with
    // user/info, whose login answer clears the stored session and tells the UI.
    onServerError: (msg) => {
      if (msg === 'sessionInvalid') void session.refresh(() => api.call('user/info', {}));
    },
    ...(deps.timers && { timers: deps.timers }),
  });
  session.onToken((token) => socket.setToken(token));
  // Workers get the browser's online event too: waiting out a 30 s back-off after the network is
  // back would leave the banner and stale prices up for nothing.
  // While the server seems unreachable, a light public request now and then finds out when it is
  // back, also on pages with no socket channel (a login form), whose actions are disabled offline.
  const timers = deps.timers ?? defaultTimers;
  let probeTimer: TimerHandle | null = null;
  let disposed = false;
  const probe = (): void => {
    if (deps.origin() !== '' && reachability.state() === 'offline') void api.call('settings', {});
  };
  reachability.onChange((state) => {
    if (state === 'offline' && probeTimer === null && !disposed)
      probeTimer = timers.setInterval(probe, PROBE_MS);
    if (state === 'online' && probeTimer !== null) {
      timers.clearInterval(probeTimer);
      probeTimer = null;
    }
  });
  const networkBack = (): void => {
    socket.retryNow();
    probe();
  };
  globalThis.addEventListener?.('online', networkBack);
  globalThis.addEventListener?.('offline', () => socket.dropNow());
  socket.onState((state) => {
    if (state === 'open') reachability.socket(true);
    else if (state === 'closed') reachability.socket(false);
  });
  return {
    socket,
    networkBack,
    dispose() {
      disposed = true;
      if (probeTimer !== null) timers.clearInterval(probeTimer);
      probeTimer = null;
    },
  };
}
