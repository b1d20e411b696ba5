import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import type { Authenticator, RevokeListener, AuthSession } from '../http';
import { hashToken, newToken } from './tokens';

/** A freshly issued session token. */
export interface IssuedSession {
  token: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

function tokenHashOf(r: Record<string, unknown>): string {
  return r.token_hash as string;
}

/** The statements over `sessions`, named by what they do. */
const STATEMENTS = {
  issue: sql<[tokenHash: string, userId: number, createdAt: number, expiresAt: number]>(
    `insert into sessions (token_hash, user_id, created_at, expires_at, revoked_at)
     values (?, ?, ?, ?, null)`,
  ),
  live: sql<[tokenHash: string, now: number], { user_id: number; expires_at: number }>(
    `select user_id, expires_at from sessions
     where token_hash = ? and revoked_at is null and expires_at > ?`,
    // Number(): PostgreSQL's driver gives bigint columns as strings.
    (r) => ({ user_id: Number(r.user_id), expires_at: Number(r.expires_at) }),
  ),
  revoke: sql<[revokedAt: number, tokenHash: string], string>(
    'update sessions set revoked_at = ? where token_hash = ? and revoked_at is null returning token_hash',
    tokenHashOf,
  ),
  revokeAllOf: sql<[revokedAt: number, userId: number], string>(
    'update sessions set revoked_at = ? where user_id = ? and revoked_at is null returning token_hash',
    tokenHashOf,
  ),
  revokeAllOfBut: sql<[revokedAt: number, userId: number, keepTokenHash: string], string>(
    `update sessions set revoked_at = ? where user_id = ? and revoked_at is null and token_hash != ?
     returning token_hash`,
    tokenHashOf,
  ),
};

/**
 * Issues, resolves and revokes opaque session tokens; only their SHA-256 is stored. Every request
 * resolves its token, so `resolve` reads outside the writer (committed sessions only) and costs no
 * command; issuing and revoking are writer commands (or steps of the caller's command, when called
 * inside one). Every revocation is announced to the listeners (the socket layer) after its commit,
 * so a revoked session stops receiving private data at once, not only on its next request.
 */
export class SessionStore implements Authenticator {
  readonly #listeners = new Set<RevokeListener>();
  #revocations = 0;

  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    private readonly engine: Engine,
    /** Session lifetime, in milliseconds. */
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** Starts a session of `userId`: a command of its own, or a step of the caller's command. */
  async issue(userId: number): Promise<IssuedSession> {
    const token = newToken();
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttlMs;
    await this.engine.writer.run(() => this.#q.issue.run(hashToken(token), userId, createdAt, expiresAt));
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<AuthSession | null> {
    if (token.length === 0 || token.length > 256) return null;
    const tokenHash = hashToken(token);
    const row = await this.#q.live.get(tokenHash, this.now());
    return row ? { userId: row.user_id, tokenHash, expiresAt: row.expires_at } : null;
  }

  onRevoke(listener: RevokeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  revocations(): number {
    return this.#revocations;
  }

  /** Ends one session: a command of its own, or a step of the caller's command. */
  async revoke(tokenHash: string): Promise<void> {
    await this.engine.writer.run(async () => {
      this.#announceAfterCommit(await this.#q.revoke.all(this.now(), tokenHash));
    });
  }

  /**
   * Revokes every live session of `userId` except `keepTokenHash` (the caller's own, when given): a
   * command of its own, or a step of the caller's command (a password change), announced only if
   * that command commits.
   */
  async revokeAllOf(userId: number, keepTokenHash?: string): Promise<void> {
    await this.engine.writer.run(async () => {
      const at = this.now();
      this.#announceAfterCommit(
        keepTokenHash
          ? await this.#q.revokeAllOfBut.all(at, userId, keepTokenHash)
          : await this.#q.revokeAllOf.all(at, userId),
      );
    });
  }

  /**
   * Moves the counter and tells the listeners once the revocation is committed, so a resolve that
   * sees the counter unchanged read before the commit, and one after it sees the revocation.
   */
  #announceAfterCommit(tokenHashes: string[]): void {
    this.engine.writer.afterCommit(() => {
      // Counted even when nothing matched: a resolve racing this call re-checks on any change.
      this.#revocations += 1;
      if (tokenHashes.length === 0) return;
      for (const listener of this.#listeners) listener(tokenHashes);
    });
  }
}
