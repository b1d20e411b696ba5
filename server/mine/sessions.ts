import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Authenticator } from '../http/auth';
import type { AuthSession } from '../http/registry';
import { hashToken, newToken } from './tokens';

/** A freshly issued session token. */
export interface IssuedSession {
  token: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Issues, resolves and revokes opaque session tokens; only their SHA-256 is stored. */
export class SessionStore implements Authenticator {
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
      .select(['user_id'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return row ? { userId: row.user_id, tokenHash } : null;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every live session of `userId` except `keepTokenHash` (the caller's own, when given). */
  async revokeAllOf(userId: number, keepTokenHash?: string, db: Kysely<Database> = this.db): Promise<void> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
    await q.execute();
  }
}
