import type { ServerMessage } from '../../domain';

/** One connected socket as the hub sees it. */
export interface SocketClient {
  /** The user bound by the `auth` op, or null. */
  userId: number | null;
  /** When the bound session expires, in milliseconds since the epoch; null without a session. */
  expiresAt: number | null;
  /** Sends an already serialised message; the hub serialises a publication once for all clients. */
  sendText(text: string): void;
}

/** Computes the first message of a channel for a new subscriber; undefined sends nothing. */
export type SnapshotFn = (ch: string, client: SocketClient) => unknown | Promise<unknown>;

/** How a channel family behaves. */
export interface ChannelOptions {
  /** Only sockets bound to a user may subscribe; data goes out through `publishToUser`. */
  private?: boolean;
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
  readonly #byClient = new Map<SocketClient, Set<string>>();

  /**
   * Declares a channel family (exact name, `prefix*` or RegExp). Subscribing to a channel no family
   * matches is an error. `snapshot` runs on each subscription.
   */
  onSubscribe(pattern: string | RegExp, snapshot?: SnapshotFn, options: ChannelOptions = {}): void {
    this.#families.push({ pattern, snapshot, options });
  }

  /** The family of `ch`, or undefined when the channel does not exist. */
  family(ch: string): { snapshot: SnapshotFn | undefined; options: ChannelOptions } | undefined {
    return this.#families.find((f) => matches(f.pattern, ch));
  }

  /** Adds `client` to `ch`. Returns false when it was already subscribed. */
  add(client: SocketClient, ch: string): boolean {
    let chans = this.#byClient.get(client);
    if (!chans) this.#byClient.set(client, (chans = new Set()));
    if (chans.has(ch)) return false;
    chans.add(ch);
    let subs = this.#subscribers.get(ch);
    if (!subs) this.#subscribers.set(ch, (subs = new Set()));
    subs.add(client);
    return true;
  }

  remove(client: SocketClient, ch: string): void {
    this.#byClient.get(client)?.delete(ch);
    const subs = this.#subscribers.get(ch);
    if (!subs) return;
    subs.delete(client);
    if (subs.size === 0) this.#subscribers.delete(ch);
  }

  /** Forgets a closed socket. */
  detach(client: SocketClient): void {
    for (const ch of this.#byClient.get(client) ?? []) this.remove(client, ch);
    this.#byClient.delete(client);
  }

  /** Removes `client` from every private channel (its session ended or changed hands). */
  dropPrivate(client: SocketClient): void {
    for (const ch of [...(this.#byClient.get(client) ?? [])]) {
      if (this.family(ch)?.options.private) this.remove(client, ch);
    }
  }

  /** Number of channels `client` listens to. */
  countOf(client: SocketClient): number {
    return this.#byClient.get(client)?.size ?? 0;
  }

  hasSubscribers(ch: string): boolean {
    return (this.#subscribers.get(ch)?.size ?? 0) > 0;
  }

  publish(ch: string, data: unknown): void {
    const subs = this.#subscribers.get(ch);
    if (!subs || subs.size === 0) return;
    const text = JSON.stringify({ ch, data } satisfies ServerMessage);
    for (const client of subs) client.sendText(text);
  }

  publishToUser(userId: number, ch: string, data: unknown): void {
    const subs = this.#subscribers.get(ch);
    if (!subs) return;
    let text: string | undefined;
    const now = Date.now();
    for (const client of subs) {
      // The expiry check backs up the per-socket expiry timer: never one event past the session's end.
      if (client.userId !== userId || client.expiresAt === null || client.expiresAt <= now) continue;
      text ??= JSON.stringify({ ch, data } satisfies ServerMessage);
      client.sendText(text);
    }
  }
}
