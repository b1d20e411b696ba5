/**
 * Past one machine (issue "Past one machine", docs/architecture.md): the same build runs as `all`
 * (one process, no bus), `core` (the one writer, the engines, the timers; answers commands and
 * snapshots and publishes every event on NATS) or `edge` (HTTP and sockets; forwards commands to the
 * core and fans its events out). `joinCluster` is what the composition root (server/app.ts) calls.
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Authenticator, ChannelHub, HandlerRegistry } from '../http';
import type { Bus } from './bus';
import { serveCore } from './core-bridge';
import { CoreLink, EdgeAuthenticator, relayToHub } from './edge-bridge';
import { forwardToCore } from './forward';
import { natsCounters } from './kv-counters';
import { connectNatsBus } from './nats-bus';
import { sharedRateStore } from './shared-rate-store';

export { BusUnavailableError, type Bus } from './bus';
export { CORE_READS, EDGE_ENDPOINTS } from './forward';
export { connectNatsBus } from './nats-bus';
export { takeLead, type Leadership } from './leadership';

/** This process's part in a cluster, driven by `startServer` at each of its steps. */
export interface ClusterPart {
  role: 'core' | 'edge';
  bus: Bus;
  /**
   * The sessions as the HTTP and the sockets of this process check them, given the database's
   * session store once it is open (the bus is joined before, so a standby core is ready to lead): a
   * core checks them in its database, an edge keeps them cached and drops one when the core
   * announces its revocation. Called once.
   */
  authenticate(sessions: Authenticator): Authenticator;
  /**
   * The `@fastify/rate-limit` store of this process's HTTP (the core's too: it answers operator
   * calls): budgets counted in NATS KV, shared by every process of the cluster.
   */
  rateStore: FastifyRateLimitStoreCtor;
  /** After every module registered: an edge forwards its endpoints to the core. */
  registered(registry: HandlerRegistry): void;
  /**
   * After the modules started: a core begins to answer (and to announce the revocations of
   * `sessions`), an edge to relay.
   */
  started(deps: {
    registry: HandlerRegistry;
    hub: ChannelHub;
    sessions: Authenticator;
    log: FastifyBaseLogger;
  }): void;
  /** Whether the core answers (an edge's health); always true on the core. */
  coreAlive(): boolean;
  close(): Promise<void>;
}

/**
 * Connects a `core` or `edge` process to the bus (NATS_URL); null for `all`. `onLimitsError` hears
 * (at most every few seconds) that the shared rate-limit counters failed and limited requests are
 * refused as busy.
 */
export async function joinCluster(
  config: Pick<Config, 'role' | 'natsUrl' | 'port'>,
  onStatus?: (status: 'disconnected' | 'reconnected') => void,
  onLimitsError: (err: Error) => void = () => {},
): Promise<ClusterPart | null> {
  if (config.role === 'all') return null;
  const role = config.role;
  const bus = await connectNatsBus({ url: config.natsUrl!, name: `${role}:${process.pid}` });
  const stopStatus = onStatus ? bus.onStatus(onStatus) : () => {};
  const link = role === 'edge' ? new CoreLink(bus) : null;
  let edgeAuth: EdgeAuthenticator | null = null;
  let stop: (() => void) | null = null;
  return {
    role,
    bus,
    authenticate: (sessions) =>
      role === 'core' ? sessions : (edgeAuth = new EdgeAuthenticator(sessions, bus)),
    rateStore: sharedRateStore(natsCounters(bus.nc, bus.connected), onLimitsError),
    registered(registry) {
      if (link) forwardToCore(registry, link);
    },
    started({ registry, hub, sessions, log }) {
      stop = link ? relayToHub(hub, bus, link) : serveCore({ bus, registry, hub, sessions, log });
    },
    coreAlive: () => link?.coreAlive() ?? true,
    async close() {
      stopStatus();
      stop?.();
      link?.close();
      edgeAuth?.close();
      await bus.close();
    },
  };
}
