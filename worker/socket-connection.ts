// The socket client's connection (worker/socket-client.ts): one WebSocket at a time, authenticated
// before it resubscribes every channel of the registry, watched by the liveness timers and replaced
// after the back-off when it fails. The client's methods drive it; it reports its state.
import { SOCKET_CONNECT_TIMEOUT_MS, type ClientMessage } from '../domain';
import { notify } from './notify';
import { createLiveness } from './socket-liveness';
import { createReconnect } from './socket-reconnect';
import type { SubscriptionRegistry } from './socket-subscriptions';
import { defaultTimers, type Timers } from './timers';
import {
  WS_OPEN,
  attachHandlers,
  detachHandlers,
  parseMessage,
  type WebSocketCtor,
  type WebSocketLike,
} from './web-socket';

/** Socket connection state, for an honest "reconnecting" badge. */
export type SocketState = 'idle' | 'connecting' | 'open' | 'closed';

/** How often an open socket is pinged, in milliseconds. Below common 30 s proxy idle timeouts. */
export const SOCKET_PING_INTERVAL_MS = 25_000;

/** What the connection needs (the socket client's deps). */
export interface ConnectionDeps {
  WebSocket: WebSocketCtor;
  /** The socket URL (see `socketUrl` in domain), or null while unknown: the client then stays idle. */
  url: () => string | null;
  timers?: Timers;
  /** Connect timeout in milliseconds; SOCKET_CONNECT_TIMEOUT_MS (20 s) unless set. */
  connectTimeoutMs?: number;
  /** Ping interval in milliseconds; SOCKET_PING_INTERVAL_MS unless set. */
  pingIntervalMs?: number;
  /** Told the `msg` of each `{op: 'error'}` the server sends (such as `sessionInvalid`). */
  onServerError?: (msg: string) => void;
}

/** The one connection of a socket client (see SocketClient for what each method means to a caller). */
export interface Connection {
  /** Sends on the open socket; dropped otherwise (the next open sends auth and subs again). */
  send(message: ClientMessage): void;
  connect(): void;
  setToken(token: string | null): void;
  state(): SocketState;
  onState(listener: (state: SocketState) => void): () => void;
  retryNow(): void;
  dropNow(): void;
  /** Closes, stops retrying and releases whoever waits for an acknowledgement. */
  close(): void;
}

/** Detaches and closes a socket that is no longer the connection's. */
function drop(s: WebSocketLike): void {
  detachHandlers(s);
  try {
    s.close();
  } catch {
    // Closing a socket that never opened may throw in some implementations; it is gone either way.
  }
}

/** Hands one server message to the registry (channel data, `subbed`) or to `onServerError`. */
function route(data: unknown, subs: SubscriptionRegistry, onServerError?: (msg: string) => void): void {
  const msg = parseMessage(data);
  if (typeof msg !== 'object' || msg === null) return;
  const { ch, op } = msg as { ch?: unknown; op?: unknown };
  if (op === 'subbed' && typeof ch === 'string') return subs.acknowledged(ch);
  if (op === 'error') {
    const text = (msg as { msg?: unknown }).msg;
    if (typeof text === 'string') onServerError?.(text);
    return;
  }
  if (typeof ch === 'string' && 'data' in msg) subs.deliver(ch, (msg as { data: unknown }).data);
}

/** Sends on `socket` if it is open; a send that throws is followed by the close event anyway. */
function sendOn(socket: WebSocketLike | null, message: ClientMessage): void {
  if (!socket || socket.readyState !== WS_OPEN) return;
  try {
    socket.send(JSON.stringify(message));
  } catch {
    // The close event follows and the reconnect resends what matters (auth and subs).
  }
}

/**
 * Who the socket is signed in as: the token each new connection authenticates with, and the one
 * the current connection used, so a logout knows there is an identity to drop.
 */
function identity(send: (message: ClientMessage) => void) {
  let token: string | null = null;
  let authedWith: string | null = null;
  return {
    /** A connection opened: it authenticates before anything else is sent. */
    opened(): void {
      authedWith = token;
      if (token) send({ op: 'auth', token });
    },
    /** The connection is gone, and its identity with it. */
    forgotten(): void {
      authedWith = null;
    },
    /**
     * Takes a new token; on an open connection sends `auth` for a new one, and answers true when
     * the connection must be replaced to shed its identity (the protocol has no "unauth").
     */
    set(next: string | null, open: boolean): boolean {
      token = next;
      if (!open) return false;
      if (next && next !== authedWith) {
        authedWith = next;
        send({ op: 'auth', token: next });
        return false;
      }
      return !next && Boolean(authedWith);
    },
  };
}

/** The connection's state and who is told when it changes. */
function stateCell() {
  const listeners = new Set<(state: SocketState) => void>();
  let current: SocketState = 'idle';
  return {
    get: () => current,
    set(next: SocketState): void {
      if (next === current) return;
      current = next;
      for (const listener of listeners) notify(listener, next);
    },
    on(listener: (state: SocketState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Creates the connection over `subs`; it connects only when asked and someone listens. */
export function createConnection(deps: ConnectionDeps, subs: SubscriptionRegistry): Connection {
  const timers = deps.timers ?? defaultTimers;
  const backoff = createReconnect(timers, () => connect());
  const liveness = createLiveness(timers, {
    connectTimeoutMs: deps.connectTimeoutMs ?? SOCKET_CONNECT_TIMEOUT_MS,
    pingIntervalMs: deps.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS,
  });
  const state = stateCell();
  const setState = state.set;
  let socket: WebSocketLike | null = null;
  /** A connection was lost or failed since the last open: the next open resubscribes after a gap. */
  let gap = false;

  const send = (message: ClientMessage): void => sendOn(socket, message);
  const auth = identity(send);

  /** Lets go of the current socket: nothing acknowledged, no identity, no timers. */
  function forget(): void {
    const s = socket;
    socket = null;
    subs.unacknowledged();
    auth.forgotten();
    liveness.stop();
    if (s) drop(s);
  }

  function onOpen(s: WebSocketLike): void {
    if (socket !== s) return;
    liveness.stop();
    backoff.opened();
    setState('open');
    // Auth before subs, so private channels are accepted on the first try.
    auth.opened();
    for (const channel of subs.reopened(gap)) send({ op: 'sub', ch: channel });
    gap = false;
    liveness.keepAlive(
      () => lost(s),
      () => send({ op: 'ping', t: timers.now() }),
    );
  }

  /** The connection `s` failed, timed out, went silent or closed: reconnect if anyone still listens. */
  function lost(s: WebSocketLike): void {
    if (socket !== s) return;
    forget();
    retry();
  }

  function retry(): void {
    gap = true;
    if (subs.isEmpty()) return setState('idle');
    setState('closed');
    backoff.schedule();
  }

  function connect(): void {
    if (socket || backoff.waiting() || subs.isEmpty()) return;
    const url = deps.url();
    if (!url) return;
    setState('connecting');
    let s: WebSocketLike;
    try {
      s = new deps.WebSocket(url);
    } catch {
      // A malformed URL throws synchronously; count it as a failed attempt so the back-off applies.
      return retry();
    }
    socket = s;
    attachHandlers(s, {
      open: () => onOpen(s),
      message: (event) => {
        if (socket !== s) return;
        liveness.heard();
        route(event.data, subs, deps.onServerError);
      },
      close: () => lost(s),
      error: () => lost(s),
    });
    liveness.awaitOpen(() => lost(s));
  }

  return {
    send,
    connect,
    setToken(next) {
      if (!auth.set(next, socket?.readyState === WS_OPEN)) return;
      // A fresh connection at once (no back-off) is the only way to shed the identity.
      forget();
      if (subs.isEmpty()) return setState('idle');
      setState('closed');
      connect();
    },
    state: state.get,
    onState: state.on,
    retryNow() {
      if (backoff.cutShort()) connect();
    },
    dropNow() {
      if (socket) lost(socket);
    },
    close() {
      backoff.reset();
      forget();
      // Nothing will be acknowledged any more: nobody waits for ever.
      subs.releaseAll();
      setState('idle');
    },
  };
}
