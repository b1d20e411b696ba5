// The socket client's subscription registry (worker/socket-client.ts): who listens to which channel
// (ref-counted, so one `sub` serves every listener of a channel), which channels the server has
// acknowledged on the current connection, who waits for an acknowledgement, and which channels owe
// their listeners a resync after a gap. It never touches the socket: the client sends what it says.
import { notify } from './notify';

/** Receives one channel's data. May return a promise (a Comlink proxy does); it is not awaited. */
export type ChannelListener = (data: unknown) => unknown;

/**
 * Told when a channel was subscribed again on a new connection after the previous one was lost (or
 * never opened): whatever happened meanwhile was not streamed, so a view built from the channel
 * must read its state again. Called once the server acknowledged the subscription (`subbed`), so
 * every event after the re-read is streamed.
 */
export type ResyncListener = () => unknown;

/** The listeners of the socket's channels and what the server acknowledged of them. */
export interface SubscriptionRegistry {
  /** Adds a listener; `first` says the channel had none, so the client must send `sub`. */
  add(channel: string, listener: ChannelListener, onResync?: ResyncListener): { id: number; first: boolean };
  /**
   * Removes listener `id`; returns its channel when it was the channel's last listener (the client
   * must send `unsub`; whoever waited for that channel is released), else null.
   */
  remove(id: number): string | null;
  /** Channels with at least one listener, in the order they were first subscribed. */
  channels(): string[];
  /** True when nobody listens: the client then has no reason to connect. */
  isEmpty(): boolean;
  /** Hands `data` of `channel` to each of its listeners. */
  deliver(channel: string, data: unknown): void;
  /**
   * A connection opened: returns every channel to subscribe again. After a gap each of them owes
   * its resync listeners a call once the server acknowledges it.
   */
  reopened(gap: boolean): string[];
  /** The server acknowledged `channel` (`subbed`): waiters are released, a resync due is told. */
  acknowledged(channel: string): void;
  /** The connection is gone: nothing is acknowledged any more. */
  unacknowledged(): void;
  /** Resolves once listener `id`'s channel is acknowledged (at once if it is, or if `id` is gone). */
  whenSubscribed(id: number): Promise<void>;
  /** Releases every waiter: the client closed, nothing will be acknowledged any more. */
  releaseAll(): void;
}

/** Creates an empty registry; ids start at 1. */
export function createSubscriptions(): SubscriptionRegistry {
  const subs = new Map<number, { channel: string; listener: ChannelListener; onResync?: ResyncListener }>();
  const byChannel = new Map<string, Set<number>>();
  let nextId = 1;
  /** Channels resubscribed after a gap whose acknowledgement (`subbed`) has not arrived yet. */
  const resyncDue = new Set<string>();
  /** Channels the server acknowledged on the current connection. */
  const acked = new Set<string>();
  /** Who waits for a channel's acknowledgement (`whenSubscribed`). */
  const ackWaiters = new Map<string, Set<() => void>>();

  /** Resolves whoever waits for `channel`'s acknowledgement. */
  function releaseWaiters(channel: string): void {
    const waiting = ackWaiters.get(channel);
    ackWaiters.delete(channel);
    waiting?.forEach((resolve) => resolve());
  }

  return {
    add(channel, listener, onResync) {
      const id = nextId++;
      subs.set(id, onResync ? { channel, listener, onResync } : { channel, listener });
      let ids = byChannel.get(channel);
      const first = !ids;
      if (!ids) byChannel.set(channel, (ids = new Set()));
      ids.add(id);
      return { id, first };
    },
    remove(id) {
      const sub = subs.get(id);
      if (!sub) return null;
      subs.delete(id);
      const ids = byChannel.get(sub.channel);
      ids?.delete(id);
      if (!ids || ids.size > 0) return null;
      byChannel.delete(sub.channel);
      acked.delete(sub.channel);
      releaseWaiters(sub.channel);
      return sub.channel;
    },
    channels: () => [...byChannel.keys()],
    isEmpty: () => byChannel.size === 0,
    deliver(channel, data) {
      const ids = byChannel.get(channel);
      if (!ids) return;
      for (const id of [...ids]) {
        const sub = subs.get(id);
        if (sub) notify(sub.listener, data);
      }
    },
    reopened(gap) {
      resyncDue.clear();
      const channels = [...byChannel.keys()];
      if (gap) for (const channel of channels) resyncDue.add(channel);
      return channels;
    },
    acknowledged(channel) {
      acked.add(channel);
      releaseWaiters(channel);
      if (!resyncDue.delete(channel)) return;
      // The channel streams again after a gap: its views read their state again.
      for (const id of byChannel.get(channel) ?? []) {
        const sub = subs.get(id);
        if (sub?.onResync) notify(sub.onResync, undefined);
      }
    },
    unacknowledged: () => acked.clear(),
    whenSubscribed(id) {
      const sub = subs.get(id);
      if (!sub || acked.has(sub.channel)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        let waiting = ackWaiters.get(sub.channel);
        if (!waiting) ackWaiters.set(sub.channel, (waiting = new Set()));
        waiting.add(resolve);
      });
    },
    releaseAll() {
      for (const channel of [...ackWaiters.keys()]) releaseWaiters(channel);
    },
  };
}
