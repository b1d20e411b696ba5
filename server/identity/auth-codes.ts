import { createHash, randomInt } from 'node:crypto';
import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { AuthCodeGrant } from '../../domain/identity-endpoints';
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

/**
 * Authorization codes (spec §3, §6): the one live code of a user, stored hashed, valid for
 * AUTH_CODE_TTL_MS, at most AUTH_CODE_MAX_ATTEMPTS wrong guesses, used once. A user hands the code
 * to an agent; it proves the user agreed to join that agent's team.
 */
export class AuthCodes {
  readonly #upsert: Statement;
  readonly #get: Statement;
  readonly #miss: Statement;
  readonly #drop: Statement;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#upsert = sqlite.prepare(
      `insert into identity_auth_codes (user_id, code_hash, expires_at, attempts, created_at)
       values (?, ?, ?, 0, ?)
       on conflict (user_id) do update set code_hash = excluded.code_hash,
         expires_at = excluded.expires_at, attempts = 0, created_at = excluded.created_at`,
    );
    this.#get = sqlite.prepare(
      `select code_hash as codeHash, expires_at as expiresAt, attempts from identity_auth_codes where user_id = ?`,
    );
    this.#miss = sqlite.prepare(
      `update identity_auth_codes set attempts = attempts + 1 where user_id = ? and attempts < ?`,
    );
    this.#drop = sqlite.prepare('delete from identity_auth_codes where user_id = ? and code_hash = ?');
  }

  /** A new code for `userId`, replacing any earlier one. */
  issue(userId: number): AuthCodeGrant {
    let code = '';
    for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
    const now = this.now();
    const expiresAt = now + AUTH_CODE_TTL_MS;
    this.#upsert.run(userId, hashOf(userId, code), expiresAt, now);
    return { code, expiresAt };
  }

  /**
   * Checks `code` for `userId`. Throws `authCodeWrong` (field `authCode`) for a wrong or missing
   * code, `authCodeExpired` after the expiry, `authCodeAttempts` once guesses ran out. A wrong guess
   * is counted at once, so call this outside the transaction that uses the code (`use`).
   */
  check(userId: number, code: string): void {
    const row = this.#get.get(userId) as Row | undefined;
    if (!row) throw fail('authCodeWrong', 'authCode');
    if (row.attempts >= AUTH_CODE_MAX_ATTEMPTS) throw fail('authCodeAttempts', 'authCode');
    if (row.expiresAt <= this.now()) throw fail('authCodeExpired', 'authCode');
    const hash = hashOf(userId, code);
    if (!sameDigest(row.codeHash, hash)) {
      const counted = this.#miss.run(userId, AUTH_CODE_MAX_ATTEMPTS).changes;
      throw fail(counted === 0 ? 'authCodeAttempts' : 'authCodeWrong', 'authCode');
    }
  }

  /** Uses the checked code up; false when it changed or went since `check`. */
  use(userId: number, code: string): boolean {
    return this.#drop.run(userId, hashOf(userId, code)).changes === 1;
  }
}
