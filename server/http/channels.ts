import type { ServerMessage } from '../../domain';
import { Outgoing } from './outgoing';

/** One connected socket as the hub sees it. */
export interface SocketClient {
  /** The user bound by the `auth` op, or null. */
  userId: number | null;
  /** When the bound session expires, in milliseconds since the epoch; null without a session. */
  expiresAt: number | null;
  /**
   * Sends a message. The hub hands every subscriber of a publication the same `Outgoing`: it is
   * serialised, encoded and framed once for all of them.
   */
  send(msg: Outgoing): void;
  /** Closes the socket with a WebSocket close code (the client reconnects and resubscribes). */
  close?(code: number, reason: string): void;
}

/** Computes the first message of a channel for a new subscriber; undefined sends nothing. */
export type SnapshotFn = (ch: string, client: SocketClient) => unknown | Promise<unknown>;

/** How a channel family behaves. */
export interface ChannelOptions {
  /** Only sockets bound to a user may subscribe; data goes out through `publishToUser`. */
  private?: boolean;
  /**
   * Each process makes this channel's data itself (the `sys` heartbeat): in a cluster it is neither
   * sent to the bus by the core nor followed there by an edge.
   */
  local?: boolean;
  /**
   * A snapshot of this channel stands in for every message before it (a book: snapshot, then diffs
   * the client checks by sequence number). A socket that cannot keep up skips the channel's messages
   * and gets a fresh snapshot when it drains, instead of every diff (socket-output.ts).
   */
  coalesce?: boolean;
}

/**
 * Fan-out of channel data to sockets. This is the one seam market data and private events publish
 * through; a broker-backed implementation (Redis, NATS) can replace it when the server scales out.
 */
export interface Publisher {
  /** Sends `data` to every socket subscribed to `ch`. */
  publish(ch: string, data: unknown): void;
  /** Sends `data` on `ch` only to sockets of `userId` that subscribed to it. */
  publishToUser(userId: number, ch: string, data: unknown): void;
  /** Whether anyone listens on `ch`; lets producers skip work nobody will see. */
  hasSubscribers(ch: string): boolean;
}

/** Where a core sends each publication besides its own sockets (the bus; server/cluster). */
export interface HubRelay {
  publish(ch: string, text: string): void;
  publishToUser(userId: number, ch: string, text: string): void;
}

/**
 * Told when a channel gets its first subscriber on this process and when it loses its last (an
 * edge follows the channel's subject on the bus only meanwhile). `userId` is set for a private
 * channel: each user's stream of it is its own.
 */
export interface InterestListener {
  first(ch: string, userId: number | null): void;
  last(ch: string, userId: number | null): void;
}

interface Family {
  pattern: string | RegExp;
  snapshot: SnapshotFn | undefined;
  options: ChannelOptions;
}

/** Exact name, `prefix*`, or a RegExp. */
function matches(pattern: string | RegExp, ch: string): boolean {
  if (typeof pattern !== 'string') return pattern.test(ch);
  return pattern.endsWith('*') ? ch.startsWith(pattern.slice(0, -1)) : pattern === ch;
}

/** Which channels exist, who listens to them, and what a new subscriber receives first. */
export class ChannelHub implements Publisher {
  readonly #families: Family[] = [];
  readonly #subscribers = new Map<string, Set<SocketClient>>();
  /** Each client's channels, with the user a private one was subscribed for (null for public ones). */
  readonly #byClient = new Map<SocketClient, Map<string, number | null>>();
  /** Subscribers per `user|channel` (`|channel` for public ones), while someone listens to the interest. */
  readonly #interestCount = new Map<string, number>();
  #interest: InterestListener | null = null;
  #relay: HubRelay | null = null;
  #snapshotVia: SnapshotFn | null = null;

  /**
   * Declares a channel family (exact name, `prefix*` or RegExp). Subscribing to a channel no family
   * matches is an error. `snapshot` runs on each subscription.
   */
  onSubscribe(pattern: string | RegExp, snapshot?: SnapshotFn, options: ChannelOptions = {}): void {
    this.#families.push({ pattern, snapshot, options });
  }

  /**
   * The family of `ch`, or undefined when the channel does not exist. Its snapshot is the one set by
   * `snapshotVia` when there is one (an edge asks the core).
   */
  family(ch: string): { snapshot: SnapshotFn | undefined; options: ChannelOptions } | undefined {
    const f = this.#families.find((fam) => matches(fam.pattern, ch));
    if (!f || !this.#snapshotVia || !f.snapshot || f.options.local) return f;
    return { snapshot: this.#snapshotVia, options: f.options };
  }

  /** Sends every publication to `relay` as well (a core's bus), or stops with null. */
  relayTo(relay: HubRelay | null): void {
    this.#relay = relay;
  }

  /** Reports channels gaining their first and losing their last subscriber here, or stops with null. */
  onInterest(listener: InterestListener | null): void {
    this.#interest = listener;
  }

  /** Computes every family's first message with `fn` instead (an edge: the core's), or stops with null. */
  snapshotVia(fn: SnapshotFn | null): void {
    this.#snapshotVia = fn;
  }

  /** Adds `client` to `ch`. Returns false when it was already subscribed. */
  add(client: SocketClient, ch: string): boolean {
    let chans = this.#byClient.get(client);
    if (!chans) this.#byClient.set(client, (chans = new Map()));
    if (chans.has(ch)) return false;
    const options = this.family(ch)?.options;
    const userId = options?.private ? client.userId : null;
    chans.set(ch, userId);
    let subs = this.#subscribers.get(ch);
    if (!subs) this.#subscribers.set(ch, (subs = new Set()));
    subs.add(client);
    if (!options?.local) this.#count(ch, userId, +1);
    return true;
  }

  remove(client: SocketClient, ch: string): void {
    const chans = this.#byClient.get(client);
    if (!chans?.has(ch)) return;
    const userId = chans.get(ch)!;
    chans.delete(ch);
    const subs = this.#subscribers.get(ch);
    subs?.delete(client);
    if (subs?.size === 0) this.#subscribers.delete(ch);
    if (!this.family(ch)?.options.local) this.#count(ch, userId, -1);
  }

  /** Forgets a closed socket. */
  detach(client: SocketClient): void {
    for (const ch of [...(this.#byClient.get(client)?.keys() ?? [])]) this.remove(client, ch);
    this.#byClient.delete(client);
  }

  /** Removes `client` from every private channel (its session ended or changed hands). */
  dropPrivate(client: SocketClient): void {
    for (const ch of [...(this.#byClient.get(client)?.keys() ?? [])]) {
      if (this.family(ch)?.options.private) this.remove(client, ch);
    }
  }

  /** Whether `client` listens to `ch`. */
  has(client: SocketClient, ch: string): boolean {
    return this.#byClient.get(client)?.has(ch) ?? false;
  }

  /** Number of channels `client` listens to. */
  countOf(client: SocketClient): number {
    return this.#byClient.get(client)?.size ?? 0;
  }

  /** Closes every socket that listens to anything here (an edge, after a bus outage). */
  closeAll(code: number, reason: string): void {
    for (const client of [...this.#byClient.keys()]) client.close?.(code, reason);
  }

  /** Whether anyone listens on `ch`: here, or, on a core, possibly on an edge (always true then). */
  hasSubscribers(ch: string): boolean {
    return this.#relay !== null || (this.#subscribers.get(ch)?.size ?? 0) > 0;
  }

  publish(ch: string, data: unknown): void {
    const subs = this.#subscribers.get(ch);
    if (!this.#relay && (!subs || subs.size === 0)) return;
    const text = JSON.stringify({ ch, data } satisfies ServerMessage);
    if (this.#relay && !this.family(ch)?.options.local) this.#relay.publish(ch, text);
    this.deliver(ch, text);
  }

  publishToUser(userId: number, ch: string, data: unknown): void {
    if (this.#relay) {
      const text = JSON.stringify({ ch, data } satisfies ServerMessage);
      this.#relay.publishToUser(userId, ch, text);
      return this.deliverToUser(userId, ch, text);
    }
    const subs = this.#subscribers.get(ch);
    if (!subs) return;
    let msg: Outgoing | undefined;
    const now = Date.now();
    for (const client of subs) {
      // The expiry check backs up the per-socket expiry timer: never one event past the session's end.
      if (client.userId !== userId || client.expiresAt === null || client.expiresAt <= now) continue;
      msg ??= new Outgoing(JSON.stringify({ ch, data } satisfies ServerMessage), ch);
      client.send(msg);
    }
  }

  /** Sends an already serialised message of `ch` to this process's subscribers (an edge, from the bus). */
  deliver(ch: string, text: string): void {
    const subs = this.#subscribers.get(ch);
    if (!subs) return;
    const msg = new Outgoing(text, ch, this.family(ch)?.options.coalesce === true);
    for (const client of subs) client.send(msg);
  }

  /** `deliver` for the sockets of `userId` only, while their session lasts. */
  deliverToUser(userId: number, ch: string, text: string): void {
    const subs = this.#subscribers.get(ch);
    if (!subs) return;
    const msg = new Outgoing(text, ch);
    const now = Date.now();
    for (const client of subs) {
      if (client.userId !== userId || client.expiresAt === null || client.expiresAt <= now) continue;
      client.send(msg);
    }
  }

  #count(ch: string, userId: number | null, by: 1 | -1): void {
    const key = `${userId ?? ''}|${ch}`;
    const n = (this.#interestCount.get(key) ?? 0) + by;
    if (n > 0) this.#interestCount.set(key, n);
    else this.#interestCount.delete(key);
    if (by === 1 && n === 1) this.#interest?.first(ch, userId);
    if (by === -1 && n === 0) this.#interest?.last(ch, userId);
  }
}
