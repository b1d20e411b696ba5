/**
 * The bus's subjects (docs/architecture.md, "Past one machine"). Commands and snapshots go edge →
 * core by request/reply on one subject each, answered by the active core's queue group; events go
 * core → edges on a subject per channel (public) or per user and channel (private), so an edge
 * subscribes only to what its sockets listen to.
 */

/** A command (an API call the core runs): request/reply, queue group `CORE_QUEUE`. */
export const CMD_SUBJECT = 'ex.cmd';
/** A socket's first message of a channel: request/reply, queue group `CORE_QUEUE`. */
export const SNAP_SUBJECT = 'ex.snap';
/** Sessions the core revoked (logout, password change): every edge ends their sockets. */
export const REVOKE_SUBJECT = 'ex.auth.revoke';
/**
 * The active core's heartbeat, so an edge fails a command in flight soon after the core dies. Its
 * payload is the core's term (an id drawn when it starts to serve): a new term means a new core.
 */
export const BEAT_SUBJECT = 'ex.core.beat';
/** Only the active core answers commands and snapshots (a standby subscribes once it leads). */
export const CORE_QUEUE = 'core';

/**
 * A channel name as one subject token: letters, digits, `_` and `-` stay, every other character
 * (`.` above all, which separates tokens, and the wildcards `*` and `>`) becomes `~` and its code
 * in hex, so two channels never share a token.
 */
export function channelToken(ch: string): string {
  return ch.replace(/[^A-Za-z0-9_-]/g, (c) => `~${c.codePointAt(0)!.toString(16)}~`);
}

/** Events of public channel `ch`. */
export function publicSubject(ch: string): string {
  return `ex.ev.${channelToken(ch)}`;
}

/** Events of private channel `ch` for `userId` only. */
export function userSubject(userId: number, ch: string): string {
  return `ex.user.${userId}.${channelToken(ch)}`;
}
