import { createHash, randomInt } from 'node:crypto';
import type { Database as SqliteDb } from 'better-sqlite3';
import type { AuthCodeGrant } from '../../domain/identity-endpoints';
import { prepareAll, sql, type PreparedSet } from '../db';
import { fail } from '../http';
import { sameDigest } from '../mine';

/** An authorization code is valid this long after it is shown, in milliseconds. */
export const AUTH_CODE_TTL_MS = 30 * 60_000;
/** Wrong guesses allowed per code; after that the user must get a new one. */
export const AUTH_CODE_MAX_ATTEMPTS = 5;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const hashOf = (userId: number, code: string) =>
  createHash('sha256').update(`auth\n${userId}\n${code}`, 'utf8').digest('hex');

interface Row {
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

/** The statements over `identity_auth_codes`, named by what they do. */
const STATEMENTS = {
  upsert: sql<[userId: number, codeHash: string, expiresAt: number, createdAt: number]>(
    `insert into identity_auth_codes (user_id, code_hash, expires_at, attempts, created_at)
     values (?, ?, ?, 0, ?)
     on conflict (user_id) do update set code_hash = excluded.code_hash,
       expires_at = excluded.expires_at, attempts = 0, created_at = excluded.created_at`,
  ),
  get: sql<[userId: number], Row>(
    `select code_hash as codeHash, expires_at as expiresAt, attempts from identity_auth_codes where user_id = ?`,
    // Number(): PostgreSQL's driver gives bigint columns as strings.
    (r) => ({ codeHash: r.codeHash as string, expiresAt: Number(r.expiresAt), attempts: Number(r.attempts) }),
  ),
  miss: sql<[userId: number, maxAttempts: number]>(
    `update identity_auth_codes set attempts = attempts + 1 where user_id = ? and attempts < ?`,
  ),
  drop: sql<[userId: number, codeHash: string]>(
    'delete from identity_auth_codes where user_id = ? and code_hash = ?',
  ),
};

/**
 * Authorization codes (spec §3, §6): the one live code of a user, stored hashed, valid for
 * AUTH_CODE_TTL_MS, at most AUTH_CODE_MAX_ATTEMPTS wrong guesses, used once. A user hands the code
 * to an agent; it proves the user agreed to join that agent's team.
 */
export class AuthCodes {
  readonly #q: PreparedSet<typeof STATEMENTS>;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = prepareAll(sqlite, STATEMENTS);
  }

  /** A new code for `userId`, replacing any earlier one. */
  issue(userId: number): AuthCodeGrant {
    let code = '';
    for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
    const now = this.now();
    const expiresAt = now + AUTH_CODE_TTL_MS;
    this.#q.upsert.run(userId, hashOf(userId, code), expiresAt, now);
    return { code, expiresAt };
  }

  /**
   * Checks `code` for `userId`. Throws `authCodeWrong` (field `authCode`) for a wrong or missing
   * code, `authCodeExpired` after the expiry, `authCodeAttempts` once guesses ran out. A wrong guess
   * is counted at once, so call this outside the transaction that uses the code (`use`).
   */
  check(userId: number, code: string): void {
    const row = this.#q.get.get(userId);
    if (!row) throw fail('authCodeWrong', 'authCode');
    if (row.attempts >= AUTH_CODE_MAX_ATTEMPTS) throw fail('authCodeAttempts', 'authCode');
    if (row.expiresAt <= this.now()) throw fail('authCodeExpired', 'authCode');
    const hash = hashOf(userId, code);
    if (!sameDigest(row.codeHash, hash)) {
      const counted = this.#q.miss.run(userId, AUTH_CODE_MAX_ATTEMPTS).changes;
      throw fail(counted === 0 ? 'authCodeAttempts' : 'authCodeWrong', 'authCode');
    }
  }

  /** Uses the checked code up; false when it changed or went since `check`. */
  use(userId: number, code: string): boolean {
    return this.#q.drop.run(userId, hashOf(userId, code)).changes === 1;
  }
}
