import type { Kysely } from 'kysely';
import type { CodeScene } from '../../domain';
import type { Database } from '../db';
import { fail } from '../http';
import { hashCode, newCode, sameDigest } from './tokens';

/** A code is valid this long after sending, in milliseconds. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong guesses allowed per code; after that the code is dead and a new one must be sent. */
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Verification codes: one live code per account and scene, stored hashed, valid for CODE_TTL_MS,
 * at most CODE_MAX_ATTEMPTS wrong guesses, consumed on first successful use.
 */
export class CodeStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a new code for `account` and `scene`, superseding any earlier one. Returns the plain code. */
  async issue(account: string, scene: CodeScene): Promise<string> {
    const code = newCode();
    const now = this.now();
    // No transaction on purpose (see `consume`); `consume` only ever looks at the newest code.
    await this.db
      .updateTable('codes')
      .set({ consumed_at: now })
      .where('account', '=', account)
      .where('scene', '=', scene)
      .where('consumed_at', 'is', null)
      .execute();
    await this.db
      .insertInto('codes')
      .values({
        account,
        scene,
        code_hash: hashCode(account, scene, code),
        expires_at: now + CODE_TTL_MS,
        created_at: now,
        consumed_at: null,
      })
      .execute();
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
    const used = await this.db
      .updateTable('codes')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) {
      // Another request used the code, or wrong guesses used up the attempts, since we read it.
      const after = await this.db
        .selectFrom('codes')
        .select(['attempts'])
        .where('id', '=', row.id)
        .executeTakeFirst();
      throw fail((after?.attempts ?? 0) >= CODE_MAX_ATTEMPTS ? 'codeAttempts' : 'codeWrong', 'code');
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
    const row = await this.db
      .selectFrom('codes')
      .select(['id', 'code_hash', 'expires_at', 'attempts'])
      .where('account', '=', account)
      .where('scene', '=', scene)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row) throw fail('codeWrong', 'code');
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw fail('codeAttempts', 'code');
    if (row.expires_at <= now) throw fail('codeExpired', 'code');
    if (!sameDigest(row.code_hash, hashCode(account, scene, code.trim()))) {
      const counted = await this.db
        .updateTable('codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', CODE_MAX_ATTEMPTS)
        .executeTakeFirst();
      throw fail(counted.numUpdatedRows === 0n ? 'codeAttempts' : 'codeWrong', 'code');
    }
    return row;
  }
}
