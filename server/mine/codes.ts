import type { Database as SqliteDb } from 'better-sqlite3';
import type { CodeScene } from '../../domain';
import { prepareAll, sql, type PreparedSet } from '../db';
import { fail } from '../http';
import { hashCode, newCode, sameDigest } from './tokens';

/** A code is valid this long after sending, in milliseconds. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong guesses allowed per code; after that the code is dead and a new one must be sent. */
export const CODE_MAX_ATTEMPTS = 5;

interface LiveCode {
  id: number;
  code_hash: string;
  expires_at: number;
  attempts: number;
}

/** The statements over `codes`, named by what they do. */
const STATEMENTS = {
  supersede: sql<[consumedAt: number, account: string, scene: CodeScene]>(
    'update codes set consumed_at = ? where account = ? and scene = ? and consumed_at is null',
  ),
  insert: sql<[account: string, scene: CodeScene, codeHash: string, expiresAt: number, createdAt: number]>(
    `insert into codes (account, scene, code_hash, expires_at, created_at, consumed_at)
     values (?, ?, ?, ?, ?, null)`,
  ),
  newestLive: sql<[account: string, scene: CodeScene], LiveCode>(
    `select id, code_hash, expires_at, attempts from codes
     where account = ? and scene = ? and consumed_at is null order by id desc limit 1`,
    // Number(): PostgreSQL's driver gives bigint columns as strings.
    (r) => ({
      id: Number(r.id),
      code_hash: r.code_hash as string,
      expires_at: Number(r.expires_at),
      attempts: Number(r.attempts),
    }),
  ),
  consume: sql<[consumedAt: number, id: number, maxAttempts: number]>(
    'update codes set consumed_at = ? where id = ? and consumed_at is null and attempts < ?',
  ),
  attempts: sql<[id: number], number>('select attempts from codes where id = ?', (r) => Number(r.attempts)),
  miss: sql<[id: number, maxAttempts: number]>(
    'update codes set attempts = attempts + 1 where id = ? and attempts < ?',
  ),
};

/**
 * Verification codes: one live code per account and scene, stored hashed, valid for CODE_TTL_MS,
 * at most CODE_MAX_ATTEMPTS wrong guesses, consumed on first successful use.
 */
export class CodeStore {
  readonly #q: PreparedSet<typeof STATEMENTS>;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = prepareAll(sqlite, STATEMENTS);
  }

  /** Creates a new code for `account` and `scene`, superseding any earlier one. Returns the plain code. */
  async issue(account: string, scene: CodeScene): Promise<string> {
    const code = newCode();
    const now = this.now();
    // No transaction on purpose (see `consume`); `consume` only ever looks at the newest code.
    this.#q.supersede.run(now, account, scene);
    this.#q.insert.run(account, scene, hashCode(account, scene, code), now + CODE_TTL_MS, now);
    return code;
  }

  /**
   * Checks `code` and consumes it. Throws `codeWrong` (field `code`) for a wrong or unknown code,
   * `codeExpired` after the expiry and `codeAttempts` once the wrong guesses are used up.
   *
   * Each decision is one conditional UPDATE, so concurrent guesses cannot together exceed the limit,
   * without a transaction: a Kysely transaction spans awaits on the one shared connection, and
   * synchronous code (the ledger) running meanwhile would silently join it.
   */
  async consume(account: string, scene: CodeScene, code: string): Promise<void> {
    const now = this.now();
    const row = await this.#verify(account, scene, code, now);
    const used = this.#q.consume.run(now, row.id, CODE_MAX_ATTEMPTS);
    if (used.changes === 0) {
      // Another request used the code, or wrong guesses used up the attempts, since we read it.
      const attempts = this.#q.attempts.get(row.id);
      throw fail((attempts ?? 0) >= CODE_MAX_ATTEMPTS ? 'codeAttempts' : 'codeWrong', 'code');
    }
  }

  /**
   * Checks `code` like `consume` (a wrong one uses up an attempt) but leaves it live, so a request
   * can prove the code before refusing something else and let the user fix that and retry. Checks
   * that would reveal a secret (is this the current password?) must come after it.
   */
  async check(account: string, scene: CodeScene, code: string): Promise<void> {
    await this.#verify(account, scene, code, this.now());
  }

  async #verify(account: string, scene: CodeScene, code: string, now: number): Promise<{ id: number }> {
    const row = this.#q.newestLive.get(account, scene);
    if (!row) throw fail('codeWrong', 'code');
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw fail('codeAttempts', 'code');
    if (row.expires_at <= now) throw fail('codeExpired', 'code');
    if (!sameDigest(row.code_hash, hashCode(account, scene, code.trim()))) {
      const counted = this.#q.miss.run(row.id, CODE_MAX_ATTEMPTS);
      throw fail(counted.changes === 0 ? 'codeAttempts' : 'codeWrong', 'code');
    }
    return row;
  }
}
