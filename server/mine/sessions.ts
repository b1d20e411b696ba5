import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Authenticator, RevokeListener, AuthSession } from '../http';
import { hashToken, newToken } from './tokens';

/** A freshly issued session token. */
export interface IssuedSession {
  token: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Issues, resolves and revokes opaque session tokens; only their SHA-256 is stored. Every revocation
 * is announced to the listeners (the socket layer), so a revoked session stops receiving private
 * data at once, not only on its next request.
 */
export class SessionStore implements Authenticator {
  readonly #listeners = new Set<RevokeListener>();
  #revocations = 0;

  constructor(
    private readonly db: Kysely<Database>,
    /** Session lifetime, in milliseconds. */
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(userId: number): Promise<IssuedSession> {
    const token = newToken();
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttlMs;
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: createdAt,
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<AuthSession | null> {
    if (token.length === 0 || token.length > 256) return null;
    const tokenHash = hashToken(token);
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return row ? { userId: row.user_id, tokenHash, expiresAt: row.expires_at } : null;
  }

  onRevoke(listener: RevokeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  revocations(): number {
    return this.#revocations;
  }

  async revoke(tokenHash: string): Promise<void> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning('token_hash')
      .execute();
    this.#announce(rows.map((r) => r.token_hash));
  }

  /**
   * Revokes every live session of `userId` except `keepTokenHash` (the caller's own, when given).
   * Listeners hear of it as soon as the update ran; inside a transaction that later rolls back,
   * sockets were dropped for nothing, which errs on the safe side.
   */
  async revokeAllOf(userId: number, keepTokenHash?: string, db: Kysely<Database> = this.db): Promise<void> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
    const rows = await q.returning('token_hash').execute();
    this.#announce(rows.map((r) => r.token_hash));
  }

  #announce(tokenHashes: string[]): void {
    // Counted even when nothing matched: a resolve racing this call re-checks on any change.
    this.#revocations += 1;
    if (tokenHashes.length === 0) return;
    for (const listener of this.#listeners) listener(tokenHashes);
  }
}
