import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BusUnavailableError, type Bus, type BusStatus } from './bus';

/** Options of `connectNatsBus`. */
export interface NatsBusOptions {
  /** Such as `nats://127.0.0.1:4222` (NATS_URL). */
  url: string;
  /** The connection's name in the server's monitoring (`core`, `edge:8081`). */
  name: string;
}

/** The bus over NATS, with what JetStream users of the same connection need. */
export interface NatsBus extends Bus {
  /** The connection, for JetStream (the rate-limit counters: `kv-rate-store.ts`). */
  readonly nc: NatsConnection;
  /** Whether the connection is up now (JetStream calls fail at once instead of timing out). */
  connected(): boolean;
}

/**
 * The bus over NATS (core NATS: request/reply and subjects; nothing here needs JetStream). The
 * client reconnects by itself forever, every 250 ms, and re-sends its subscriptions when it is back;
 * while it is down, requests fail at once instead of waiting (`BusUnavailableError`).
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  const nc: NatsConnection = await connect({
    servers: options.url,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
  let connected = true;
  const listeners = new Set<(status: BusStatus) => void>();
  const tell = (status: BusStatus) => {
    for (const l of listeners) l(status);
  };
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        connected = false;
        tell('disconnected');
      } else if (s.type === 'reconnect') {
        connected = true;
        tell('reconnected');
      }
    }
  })();
  return {
    nc,
    connected: () => connected,
    publish(subject, payload) {
      if (!connected) return;
      try {
        nc.publish(subject, payload);
      } catch {
        // A closed connection drops events; edges resync their sockets when they reconnect.
      }
    },
    subscribe(subject, handler) {
      const sub = nc.subscribe(subject, {
        callback: (err, msg) => {
          if (!err) handler(msg.string(), msg.subject);
        },
      });
      return () => sub.unsubscribe();
    },
    async request(subject, payload, timeoutMs) {
      if (!connected) throw new BusUnavailableError('bus disconnected');
      try {
        const msg = await nc.request(subject, payload, { timeout: timeoutMs });
        return msg.string();
      } catch (err) {
        throw new BusUnavailableError((err as Error).message);
      }
    },
    serve(subject, queue, handler) {
      const sub = nc.subscribe(subject, {
        queue,
        callback: (err, msg) => {
          if (err) return;
          void handler(msg.string()).then(
            (answer) => msg.respond(answer),
            () => undefined,
          );
        },
      });
      return () => sub.unsubscribe();
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: () => nc.flush(),
    async close() {
      await nc.drain().catch(() => nc.close());
    },
  };
}
