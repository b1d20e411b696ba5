/**
 * What travels on the bus between an edge and the core, as JSON text. An API call is forwarded as
 * the handler would see it (the endpoint, the parsed input, the caller's language, IP and session)
 * and answered with its data or its failure, which the edge turns into the endpoint's envelope in
 * the caller's language exactly as the core's own HTTP would.
 */
import type { EndpointName, ErrorKey, FailKind, Lang } from '../../domain';
import type { AuthSession } from '../http';

/** An API call the edge forwards to the core (`CMD_SUBJECT`). */
export interface CommandCall {
  endpoint: EndpointName;
  input: Record<string, unknown>;
  lang: Lang;
  ip: string;
  session: AuthSession | null;
}

/** The core's answer to a `CommandCall`. */
export type CommandAnswer =
  | { ok: true; data: unknown }
  /** An `AppError`: the edge throws the same one. */
  | { ok: false; error: { kind: FailKind; key: ErrorKey; field?: string; status: number } }
  /** The writer refused (database away, core shutting down): "busy, try again". */
  | { ok: false; busy: true }
  /** Anything else: a 500 on the edge; the core logged it. */
  | { ok: false; fault: true };

/** A socket's first message of channel `ch` (`SNAP_SUBJECT`), for the user the socket speaks for. */
export interface SnapshotCall {
  ch: string;
  userId: number | null;
  /** When that user's session ends (ms since the epoch); null without a session. */
  expiresAt: number | null;
}

/** The core's answer to a `SnapshotCall`: the data (absent when the family sends none) or why not. */
export type SnapshotAnswer = { ok: true; data?: unknown } | { ok: false; msg: string };
