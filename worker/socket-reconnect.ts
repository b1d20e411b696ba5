// The socket client's reconnect back-off (worker/socket-client.ts): counts the failed attempts since
// the last open and holds the one timer that waits before the next attempt. While that timer runs
// the client does not connect by itself (a retry is "under way"); `retryNow` cuts the wait short.
import { SOCKET_RECONNECT_MAX_MS, SOCKET_RECONNECT_MIN_MS } from '../domain';
import type { TimerHandle, Timers } from './timers';

/**
 * Delay before reconnect attempt `attempt` (1-based), in milliseconds: a linear back-off
 * 1 s, 2 s, 3 s, 4 s, 5 s, 5 s … (spec §9: 1 s up to 5 s). Linear rather than doubling so the
 * schedule actually visits the whole 1–5 s range; the count resets after a successful open.
 */
export function reconnectDelay(attempt: number): number {
  return Math.min(SOCKET_RECONNECT_MIN_MS * Math.max(1, attempt), SOCKET_RECONNECT_MAX_MS);
}

/** The back-off between a lost connection and the next attempt. */
export interface Reconnect {
  /** One more attempt failed: `connect` runs after {@link reconnectDelay} of the new count. */
  schedule(): void;
  /** True while an attempt waits out its back-off. */
  waiting(): boolean;
  /** A connection opened: the next failure starts the schedule again at 1 s. */
  opened(): void;
  /**
   * Ends a wait at once and starts the count over; true when one was waiting (the caller then
   * connects), false when none was (nothing to hurry).
   */
  cutShort(): boolean;
  /** Cancels a wait and starts the count over (the client closed). */
  reset(): void;
}

/** Creates the back-off; `connect` is the client's attempt, run when a wait ends. */
export function createReconnect(timers: Timers, connect: () => void): Reconnect {
  /** Consecutive failed attempts since the last successful open. */
  let attempt = 0;
  let timer: TimerHandle | null = null;
  const cancel = (): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  return {
    schedule() {
      attempt += 1;
      timer = timers.setTimeout(() => {
        timer = null;
        connect();
      }, reconnectDelay(attempt));
    },
    waiting: () => timer !== null,
    opened() {
      attempt = 0;
    },
    cutShort() {
      if (timer === null) return false;
      cancel();
      attempt = 0;
      return true;
    },
    reset() {
      cancel();
      attempt = 0;
    },
  };
}
