// The socket client's liveness timers (worker/socket-client.ts): a connection must open within the
// connect timeout, and an open one must answer each ping before the next is due. Silence counts as
// a lost connection, because a socket that looks open may only be holding its frames back.
import type { TimerHandle, Timers } from './timers';

/** Durations of the liveness checks, in milliseconds. */
export interface LivenessTimes {
  connectTimeoutMs: number;
  pingIntervalMs: number;
}

/** The timers watching one connection at a time. */
export interface Liveness {
  /** A connection is being made: `onTimeout` runs unless it opens (`stop`) within the connect timeout. */
  awaitOpen(onTimeout: () => void): void;
  /**
   * The connection opened: `ping` runs every ping interval; when the previous ping got no message
   * back by then, `onSilent` runs instead.
   */
  keepAlive(onSilent: () => void, ping: () => void): void;
  /** A message arrived: any message answers the ping. */
  heard(): void;
  /** Stops both timers (opened, lost or closed). */
  stop(): void;
}

/** Creates the liveness timers of a socket client. */
export function createLiveness(timers: Timers, times: LivenessTimes): Liveness {
  let connectTimer: TimerHandle | null = null;
  let pingTimer: TimerHandle | null = null;
  /** True while a ping is unanswered. */
  let awaitingPong = false;
  return {
    awaitOpen(onTimeout) {
      connectTimer = timers.setTimeout(onTimeout, times.connectTimeoutMs);
    },
    keepAlive(onSilent, ping) {
      awaitingPong = false;
      pingTimer = timers.setInterval(() => {
        if (awaitingPong) return onSilent();
        awaitingPong = true;
        ping();
      }, times.pingIntervalMs);
    },
    heard() {
      awaitingPong = false;
    },
    stop() {
      if (connectTimer !== null) timers.clearTimeout(connectTimer);
      if (pingTimer !== null) timers.clearInterval(pingTimer);
      connectTimer = pingTimer = null;
    },
  };
}
