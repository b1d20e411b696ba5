import type { CodeScene } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
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

/** Why a code was refused (the key of the `code` field's error). */
type Refusal = 'codeWrong' | 'codeExpired' | 'codeAttempts';

/**
 * Verification codes: one live code per account and scene, stored hashed, valid for CODE_TTL_MS,
 * at most CODE_MAX_ATTEMPTS wrong guesses, consumed on first successful use.
 *
 * Every check is a writer command (a wrong guess is a write: it uses up an attempt), so guesses are
 * counted one after another and together never exceed the limit. A refused code is not thrown inside
 * the command, which would undo the counted guess with it: the command returns the refusal and the
 * method throws after the commit. Call `check`, `consume` and `consumeThen` outside a command: a
 * refusal thrown inside a caller's command would undo that command, the counted guess included.
 */
export class CodeStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** Creates a new code for `account` and `scene`, superseding any earlier one. Returns the plain code. */
  async issue(account: string, scene: CodeScene): Promise<string> {
    const code = newCode();
    const hash = hashCode(account, scene, code);
    const now = this.now();
    await this.engine.writer.run(async () => {
      await this.#q.supersede.run(now, account, scene);
      await this.#q.insert.run(account, scene, hash, now + CODE_TTL_MS, now);
    });
    return code;
  }

  /**
   * Checks `code` and consumes it. Throws `codeWrong` (field `code`) for a wrong or unknown code,
   * `codeExpired` after the expiry and `codeAttempts` once the wrong guesses are used up.
   */
  async consume(account: string, scene: CodeScene, code: string): Promise<void> {
    await this.consumeThen(account, scene, code, () => Promise.resolve());
  }

  /**
   * Consumes `code` like `consume` and runs `then` in the same command: the code is used up exactly
   * when what it allows is done. If `then` throws, the whole command is undone and the code stays
   * live; a refused code refuses without running `then`, its counted guess kept. `then` runs inside
   * the command: database work only.
   */
  async consumeThen<T>(account: string, scene: CodeScene, code: string, then: () => Promise<T>): Promise<T> {
    const hash = hashCode(account, scene, code.trim());
    const outcome = await this.engine.writer.run(async (): Promise<{ refused: Refusal } | { value: T }> => {
      const now = this.now();
      const row = await this.#verify(account, scene, hash, now);
      if (typeof row === 'string') return { refused: row };
      const used = await this.#q.consume.run(now, row.id, CODE_MAX_ATTEMPTS);
      if (used.changes === 0) {
        // The guard of the conditional update: commands run one at a time, so nothing used the code
        // since the read above; should that change, the attempts decide the answer as before.
        const attempts = await this.#q.attempts.get(row.id);
        return { refused: (attempts ?? 0) >= CODE_MAX_ATTEMPTS ? 'codeAttempts' : 'codeWrong' };
      }
      return { value: await then() };
    });
    if ('refused' in outcome) throw fail(outcome.refused, 'code');
    return outcome.value;
  }

  /**
   * Checks `code` like `consume` (a wrong one uses up an attempt) but leaves it live, so a request
   * can prove the code before refusing something else and let the user fix that and retry. Checks
   * that would reveal a secret (is this the current password?) must come after it.
   */
  async check(account: string, scene: CodeScene, code: string): Promise<void> {
    const hash = hashCode(account, scene, code.trim());
    const refused = await this.engine.writer.run(async () => {
      const row = await this.#verify(account, scene, hash, this.now());
      return typeof row === 'string' ? row : null;
    });
    if (refused) throw fail(refused, 'code');
  }

  /** The newest live code if `hash` is its hash, else the refusal (a wrong guess counted). */
  async #verify(
    account: string,
    scene: CodeScene,
    hash: string,
    now: number,
  ): Promise<{ id: number } | Refusal> {
    const row = await this.#q.newestLive.get(account, scene);
    if (!row) return 'codeWrong';
    if (row.attempts >= CODE_MAX_ATTEMPTS) return 'codeAttempts';
    if (row.expires_at <= now) return 'codeExpired';
    if (!sameDigest(row.code_hash, hash)) {
      const counted = await this.#q.miss.run(row.id, CODE_MAX_ATTEMPTS);
      return counted.changes === 0 ? 'codeAttempts' : 'codeWrong';
    }
    return row;
  }
}
