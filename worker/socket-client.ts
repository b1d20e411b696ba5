// One multiplexed socket for the whole worker, with ref-counted channel subscriptions. Its parts
// live beside it: the subscription registry (socket-subscriptions.ts), the connection's state
// machine (socket-connection.ts) with its reconnect back-off (socket-reconnect.ts) and its connect
// and ping timers (socket-liveness.ts).
import { createConnection, type ConnectionDeps, type SocketState } from './socket-connection';
import { createSubscriptions, type ChannelListener, type ResyncListener } from './socket-subscriptions';

export { SOCKET_PING_INTERVAL_MS, type SocketState } from './socket-connection';
export { reconnectDelay } from './socket-reconnect';
export type { ChannelListener, ResyncListener } from './socket-subscriptions';

/** What the socket client needs. */
export type SocketClientDeps = ConnectionDeps;

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
  const subs = createSubscriptions();
  const conn = createConnection(deps, subs);
  return {
    subscribe(channel, listener, onResync) {
      const { id, first } = subs.add(channel, listener, onResync);
      // The first listener of a channel subscribes; later ones share it (ref counting).
      if (first) conn.send({ op: 'sub', ch: channel });
      conn.connect();
      return id;
    },
    unsubscribe(id) {
      // The connection itself stays open when a channel loses its last listener: pages come and go,
      // and reconnecting on every navigation would cost a handshake and a resubscription each time.
      const ended = subs.remove(id);
      if (ended !== null) conn.send({ op: 'unsub', ch: ended });
    },
    // The rest is the registry's or the connection's own (closures, no `this`).
    whenSubscribed: subs.whenSubscribed,
    setToken: conn.setToken,
    state: conn.state,
    onState: conn.onState,
    channels: subs.channels,
    connect: conn.connect,
    retryNow: conn.retryNow,
    dropNow: conn.dropNow,
    close: conn.close,
  };
}
