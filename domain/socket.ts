/** Messages the client sends on the one multiplexed socket at `/ws`. */
export type ClientMessage =
  | { op: 'sub'; ch: string }
  | { op: 'unsub'; ch: string }
  | { op: 'auth'; token: string }
  | { op: 'ping'; t?: number };

/** Messages the server sends: channel data, pong, acknowledgements and errors. */
export type ServerMessage =
  | { ch: string; data: unknown }
  | { op: 'pong'; t?: number }
  | { op: 'subbed'; ch: string }
  | { op: 'authed'; userId: number }
  | { op: 'error'; msg: string; ch?: string };

/**
 * System channel: on subscription and then every SYS_HEARTBEAT_MS the server sends its clock,
 * which lets a client measure liveness and clock offset.
 */
export const SYS_CHANNEL = 'sys';
export const SYS_HEARTBEAT_MS = 10_000;
/** Payload on the system channel. */
export interface SysData {
  /** Server time in milliseconds since the epoch. */
  serverTime: number;
}

/**
 * Builds a socket URL for `host` and `protocol`, omitting the default ports 80 and 443 (spec §9).
 */
export function socketUrl(
  protocol: 'ws:' | 'wss:',
  hostname: string,
  port: string | number,
  path: string,
): string {
  const p = String(port);
  const omit = p === '' || (protocol === 'ws:' && p === '80') || (protocol === 'wss:' && p === '443');
  return `${protocol}//${hostname}${omit ? '' : `:${p}`}${path}`;
}
