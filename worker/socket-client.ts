import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_RECONNECT_MAX_MS,
  SOCKET_RECONNECT_MIN_MS,
  type ClientMessage,
} from '../domain';
import { notify } from './notify';
import { defaultTimers, type TimerHandle, type Timers } from './timers';
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

/**
 * Delay before reconnect attempt `attempt` (1-based), in milliseconds: a linear back-off
 * 1 s, 2 s, 3 s, 4 s, 5 s, 5 s … (spec §9: 1 s up to 5 s). Linear rather than doubling so the
 * schedule actually visits the whole 1–5 s range; the count resets after a successful open.
 */
export function reconnectDelay(attempt: number): number {
  return Math.min(SOCKET_RECONNECT_MIN_MS * Math.max(1, attempt), SOCKET_RECONNECT_MAX_MS);
}

/** Receives one channel's data. May return a promise (a Comlink proxy does); it is not awaited. */
export type ChannelListener = (data: unknown) => unknown;

/**
 * Told when a channel was subscribed again on a new connection after the previous one was lost (or
 * never opened): whatever happened meanwhile was not streamed, so a view built from the channel
 * must read its state again. Called once the server acknowledged the subscription (`subbed`), so
 * every event after the re-read is streamed.
 */
export type ResyncListener = () => unknown;

/** What the socket client needs. */
export interface SocketClientDeps {
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

/** One multiplexed socket with ref-counted channel subscriptions. */
export interface SocketClient {
  /**
   * Adds a listener to a channel, connecting lazily; returns an id for `unsubscribe`. `onResync`
   * is told each time the channel is subscribed again after a lost or failed connection.
   */
  subscribe(channel: string, listener: ChannelListener, onResync?: ResyncListener): number;
  unsubscribe(id: number): void;
  /**
   * Resolves once the server has acknowledged the channel of subscription `id` on the current
   * connection (at once if it already has, or if `id` is gone): from then on its events stream, so
   * a view that reads its state now misses nothing.
   */
  whenSubscribed(id: number): Promise<void>;
  /** Authenticates the socket with a token, or (null) drops the identity by reconnecting. */
  setToken(token: string | null): void;
  state(): SocketState;
  onState(listener: (state: SocketState) => void): () => void;
  /** Subscribed channels, for diagnostics and tests. */
  channels(): string[];
  /** Connects now if anyone listens and no connection or retry is under way (after the URL became known). */
  connect(): void;
  /** The network came back: a retry waiting out its back-off connects now, from attempt one. */
  retryNow(): void;
  /**
   * The device says the network is gone: the connection is dropped (a socket that looks open may only
   * hold its frames back and deliver them late) and retried on the usual schedule, or at once by
   * `retryNow`. The next open resyncs its channels.
   */
  dropNow(): void;
  /** Closes the socket and stops reconnecting until the next subscribe. */
  close(): void;
}

/** Creates the socket client. Nothing connects until the first subscribe. */
export function createSocketClient(deps: SocketClientDeps): SocketClient {
  const timers = deps.timers ?? defaultTimers;
  const connectTimeoutMs = deps.connectTimeoutMs ?? SOCKET_CONNECT_TIMEOUT_MS;
  const pingIntervalMs = deps.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS;

  const subs = new Map<number, { channel: string; listener: ChannelListener; onResync?: ResyncListener }>();
  const byChannel = new Map<string, Set<number>>();
  const stateListeners = new Set<(state: SocketState) => void>();
  let nextId = 1;
  let current: SocketState = 'idle';
  let socket: WebSocketLike | null = null;
  let token: string | null = null;
  /** The token this connection authenticated with, so a logout knows there is an identity to drop. */
  let authedWith: string | null = null;
  /** Consecutive failed attempts since the last successful open. */
  let attempt = 0;
  let connectTimer: TimerHandle | null = null;
  let reconnectTimer: TimerHandle | null = null;
  let pingTimer: TimerHandle | null = null;
  /** True while a ping is unanswered; any message answers it. */
  let awaitingPong = false;
  /** A connection was lost or failed since the last open: the next open resubscribes after a gap. */
  let gap = false;
  /** Channels resubscribed after a gap whose acknowledgement (`subbed`) has not arrived yet. */
  const resyncDue = new Set<string>();
  /** Channels the server acknowledged on the current connection. */
  const acked = new Set<string>();
  /** Who waits for a channel's acknowledgement (`whenSubscribed`). */
  const ackWaiters = new Map<string, Set<() => void>>();

  const setState = (next: SocketState): void => {
    if (next === current) return;
    current = next;
    for (const listener of stateListeners) notify(listener, next);
  };

  const send = (message: ClientMessage): void => {
    if (!socket || socket.readyState !== WS_OPEN) return;
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // The close event follows and the reconnect resends what matters (auth and subs).
    }
  };

  const stopTimers = (): void => {
    if (connectTimer !== null) timers.clearTimeout(connectTimer);
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    connectTimer = pingTimer = null;
  };

  const drop = (s: WebSocketLike): void => {
    detachHandlers(s);
    try {
      s.close();
    } catch {
      // Closing a socket that never opened may throw in some implementations; it is gone either way.
    }
  };

  function onOpen(s: WebSocketLike): void {
    if (socket !== s) return;
    stopTimers();
    attempt = 0;
    awaitingPong = false;
    setState('open');
    // Auth before subs, so private channels are accepted on the first try.
    authedWith = token;
    if (token) send({ op: 'auth', token });
    resyncDue.clear();
    for (const channel of byChannel.keys()) {
      if (gap) resyncDue.add(channel);
      send({ op: 'sub', ch: channel });
    }
    gap = false;
    pingTimer = timers.setInterval(() => {
      if (awaitingPong) return lost(s);
      awaitingPong = true;
      send({ op: 'ping', t: timers.now() });
    }, pingIntervalMs);
  }

  function onMessage(s: WebSocketLike, data: unknown): void {
    if (socket !== s) return;
    awaitingPong = false;
    const msg = parseMessage(data);
    if (typeof msg !== 'object' || msg === null) return;
    const { ch, op } = msg as { ch?: unknown; op?: unknown };
    if (op === 'subbed' && typeof ch === 'string') {
      acked.add(ch);
      releaseWaiters(ch);
      if (resyncDue.delete(ch)) resynced(ch);
      return;
    }
    if (op === 'error') {
      const text = (msg as { msg?: unknown }).msg;
      if (typeof text === 'string') deps.onServerError?.(text);
      return;
    }
    if (typeof ch !== 'string' || !('data' in msg)) return;
    const ids = byChannel.get(ch);
    if (!ids) return;
    for (const id of [...ids]) {
      const sub = subs.get(id);
      if (sub) notify(sub.listener, (msg as { data: unknown }).data);
    }
  }

  /** Resolves whoever waits for `channel`'s acknowledgement. */
  function releaseWaiters(channel: string): void {
    const waiting = ackWaiters.get(channel);
    ackWaiters.delete(channel);
    waiting?.forEach((resolve) => resolve());
  }

  /** Tells the listeners of `channel` that it streams again after a gap. */
  function resynced(channel: string): void {
    for (const id of byChannel.get(channel) ?? []) {
      const sub = subs.get(id);
      if (sub?.onResync) notify(sub.onResync, undefined);
    }
  }

  /** The connection `s` failed, timed out, went silent or closed: reconnect if anyone still listens. */
  function lost(s: WebSocketLike): void {
    if (socket !== s) return;
    socket = null;
    acked.clear();
    authedWith = null;
    stopTimers();
    drop(s);
    retry();
  }

  function retry(): void {
    gap = true;
    if (byChannel.size === 0) return setState('idle');
    setState('closed');
    attempt += 1;
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, reconnectDelay(attempt));
  }

  function connect(): void {
    if (socket || reconnectTimer !== null || byChannel.size === 0) return;
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
      message: (event) => onMessage(s, event.data),
      close: () => lost(s),
      error: () => lost(s),
    });
    connectTimer = timers.setTimeout(() => lost(s), connectTimeoutMs);
  }

  /** Starts over at once (no back-off): used to drop the socket's identity after logout. */
  function restart(): void {
    const s = socket;
    if (!s) return;
    socket = null;
    acked.clear();
    authedWith = null;
    stopTimers();
    drop(s);
    if (byChannel.size === 0) return setState('idle');
    setState('closed');
    connect();
  }

  return {
    subscribe(channel, listener, onResync) {
      const id = nextId++;
      subs.set(id, onResync ? { channel, listener, onResync } : { channel, listener });
      let ids = byChannel.get(channel);
      if (!ids) {
        ids = new Set();
        byChannel.set(channel, ids);
        // The first listener of a channel subscribes; later ones share it (ref counting).
        send({ op: 'sub', ch: channel });
      }
      ids.add(id);
      connect();
      return id;
    },
    unsubscribe(id) {
      const sub = subs.get(id);
      if (!sub) return;
      subs.delete(id);
      const ids = byChannel.get(sub.channel);
      ids?.delete(id);
      if (ids && ids.size === 0) {
        // The connection itself stays open: pages come and go, and reconnecting on every
        // navigation would cost a handshake and a resubscription each time.
        byChannel.delete(sub.channel);
        acked.delete(sub.channel);
        releaseWaiters(sub.channel);
        send({ op: 'unsub', ch: sub.channel });
      }
    },
    whenSubscribed(id) {
      const sub = subs.get(id);
      if (!sub || acked.has(sub.channel)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        let waiting = ackWaiters.get(sub.channel);
        if (!waiting) ackWaiters.set(sub.channel, (waiting = new Set()));
        waiting.add(resolve);
      });
    },
    setToken(next) {
      token = next;
      if (!socket || socket.readyState !== WS_OPEN) return;
      if (next && next !== authedWith) {
        authedWith = next;
        send({ op: 'auth', token: next });
      } else if (!next && authedWith) {
        // The protocol has no "unauth": a fresh connection is the only way to shed the identity.
        restart();
      }
    },
    state: () => current,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    channels: () => [...byChannel.keys()],
    connect,
    retryNow() {
      if (reconnectTimer === null) return;
      timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      attempt = 0;
      connect();
    },
    dropNow() {
      if (socket) lost(socket);
    },
    close() {
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const s = socket;
      socket = null;
      acked.clear();
      authedWith = null;
      stopTimers();
      if (s) drop(s);
      attempt = 0;
      // Nothing will be acknowledged any more: nobody waits for ever.
      for (const channel of [...ackWaiters.keys()]) releaseWaiters(channel);
      setState('idle');
    },
  };
}
