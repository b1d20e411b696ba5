import { createHash, randomInt } from 'node:crypto';
import type { ErrorKey } from '../../domain';
import type { AuthCodeGrant } from '../../domain/identity-endpoints';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
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
    `select code_hash as "codeHash", expires_at as "expiresAt", attempts from identity_auth_codes where user_id = ?`,
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
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** A new code for `userId`, replacing any earlier one (a writer command). */
  async issue(userId: number): Promise<AuthCodeGrant> {
    let code = '';
    for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
    const now = this.now();
    const expiresAt = now + AUTH_CODE_TTL_MS;
    const hash = hashOf(userId, code);
    await this.engine.writer.run(() => this.#q.upsert.run(userId, hash, expiresAt, now));
    return { code, expiresAt };
  }

  /**
   * Checks `code` for `userId`. Throws `authCodeWrong` (field `authCode`) for a wrong or missing
   * code, `authCodeExpired` after the expiry, `authCodeAttempts` once guesses ran out. A wrong guess
   * is counted in a command of its own that commits before the refusal is thrown (a refusal thrown
   * inside it would undo the count), so call this before the command that uses the code (`use`).
   */
  async check(userId: number, code: string): Promise<void> {
    const hash = hashOf(userId, code);
    const refusal = await this.engine.writer.run(async (): Promise<ErrorKey | null> => {
      const row = await this.#q.get.get(userId);
      if (!row) return 'authCodeWrong';
      if (row.attempts >= AUTH_CODE_MAX_ATTEMPTS) return 'authCodeAttempts';
      if (row.expiresAt <= this.now()) return 'authCodeExpired';
      if (sameDigest(row.codeHash, hash)) return null;
      const counted = (await this.#q.miss.run(userId, AUTH_CODE_MAX_ATTEMPTS)).changes;
      return counted === 0 ? 'authCodeAttempts' : 'authCodeWrong';
    });
    if (refusal) throw fail(refusal, 'authCode');
  }

  /**
   * Uses the checked code up, inside the caller's writer command; false when it changed or went
   * since `check`.
   */
  async use(userId: number, code: string): Promise<boolean> {
    return (await this.#q.drop.run(userId, hashOf(userId, code))).changes === 1;
  }
}
