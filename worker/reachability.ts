import { notify } from './notify';

/** Whether the server answered lately: what the offline banner shows, beside `navigator.onLine`. */
export type Reachability = 'online' | 'offline';

/** Tracks reachability from what the core actually sees: request replies and the socket's state. */
export interface ReachabilityTracker {
  state(): Reachability;
  /** A request got a reply (any HTTP status: the server was reached) or failed at the network. */
  request(reached: boolean): void;
  /** The socket opened (reached) or a connection attempt failed or was lost. */
  socket(reached: boolean): void;
  /** Adds a listener, told the current state at once and then each change; returns a remover. */
  onChange(listener: (state: Reachability) => unknown): () => void;
}

/**
 * How long a successful reply outweighs a failed socket, in milliseconds: some networks pass HTTP
 * but block WebSockets, and the banner must not flap there.
 */
export const REPLY_TRUST_MS = 15_000;

/**
 * Browsers keep `navigator.onLine` true in more cases than they are offline (Chromium after an
 * offline reload, captive portals, a dead server): the core's own evidence is the truth, and it
 * starts optimistic so a first visit never flashes the banner.
 */
export function createReachability(now: () => number = Date.now): ReachabilityTracker {
  let current: Reachability = 'online';
  let lastReply = Number.NEGATIVE_INFINITY;
  const listeners = new Set<(state: Reachability) => unknown>();
  const set = (next: Reachability): void => {
    if (next === current) return;
    current = next;
    for (const listener of listeners) notify(listener, next);
  };
  return {
    state: () => current,
    request(reached) {
      if (reached) lastReply = now();
      set(reached ? 'online' : 'offline');
    },
    socket(reached) {
      if (reached) return set('online');
      if (now() - lastReply > REPLY_TRUST_MS) set('offline');
    },
    onChange(listener) {
      listeners.add(listener);
      notify(listener, current);
      return () => listeners.delete(listener);
    },
  };
}
