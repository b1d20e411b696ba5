import type { Variant } from '../../domain';
import type { AuthSession } from './registry';

/** Told the SHA-256 hashes of sessions that were just revoked. */
export type RevokeListener = (tokenHashes: readonly string[]) => void;

/** Resolves a presented bearer token to a live session (implemented by server/mine/sessions.ts). */
export interface Authenticator {
  /** The live session of `token`, or null when unknown, expired or revoked. */
  resolve(token: string): Promise<AuthSession | null>;
  /** Calls `listener` after each revocation (logout, password change or reset); returns the remover. */
  onRevoke(listener: RevokeListener): () => void;
  /**
   * A counter that moves on every revocation. A caller that resolved a token and sees the counter
   * unchanged since before the lookup knows no revocation slipped in between.
   */
  revocations(): number;
}

type Headers = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined): string =>
  (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

/**
 * The token a request presents in its variant's header: `token` for variant 3,
 * `Authorization: Bearer <token>` (or a raw token) for variant 4. Empty when absent.
 */
export function tokenFrom(headers: Headers, variant: Variant): string {
  if (variant === 4) {
    const auth = first(headers.authorization);
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    return m ? m[1]! : auth;
  }
  return first(headers.token);
}
