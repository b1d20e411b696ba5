import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type Db } from '../../support/db';
import { sql, statementsOf } from '../../../server/db';
import { AppError } from '../../../server/http/app-error';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, CodeStore } from '../../../server/mine/codes';

let db: Db;
let now: number;
let codes: CodeStore;
const account = 'user@example.com';

async function failure(p: Promise<unknown>): Promise<{ key: string; field: string | undefined }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, field: err.field };
    throw err;
  }
  throw new Error('expected a failure');
}
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

/** The test's own look at the codes table (committed rows). */
const CODE_ROWS = {
  all: sql<[], Record<string, unknown>>('select * from codes order by id'),
  attempts: sql<[account: string], number>(
    'select attempts from codes where account = ? order by id desc limit 1',
    (r) => Number(r.attempts),
  ),
  consumed: sql<[account: string], boolean>(
    'select consumed_at from codes where account = ? order by id desc limit 1',
    (r) => r.consumed_at !== null,
  ),
};
const rows = () => statementsOf(db.engine, CODE_ROWS);

beforeEach(async () => {
  db = await openTestDatabase(':memory:');
  now = 1_700_000_000_000;
  codes = new CodeStore(db.engine, () => now);
});
afterEach(() => db.close());

describe('CodeStore', () => {
  it('issues six-digit codes that work once', async () => {
    const code = await codes.issue(account, 'register');
    expect(code).toMatch(/^\d{6}$/);
    await codes.consume(account, 'register', code);
    expect(await failure(codes.consume(account, 'register', code))).toEqual({
      key: 'codeWrong',
      field: 'code',
    });
  });

  it('stores only a hash of the code', async () => {
    const code = await codes.issue(account, 'register');
    const stored = await rows().all.all();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('expires after ten minutes', async () => {
    const code = await codes.issue(account, 'forget');
    now += CODE_TTL_MS - 1;
    const other = await codes.issue('other@example.com', 'forget');
    now += 1;
    expect(await failure(codes.consume(account, 'forget', code))).toEqual({
      key: 'codeExpired',
      field: 'code',
    });
    now -= 1;
    await codes.consume('other@example.com', 'forget', other);
  });

  it('allows five wrong guesses, then refuses even the right code', async () => {
    const code = await codes.issue(account, 'register');
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await failure(codes.consume(account, 'register', wrong(code)))).key).toBe('codeWrong');
    }
    expect((await failure(codes.consume(account, 'register', code))).key).toBe('codeAttempts');
    // A new code starts a fresh count.
    const fresh = await codes.issue(account, 'register');
    await codes.consume(account, 'register', fresh);
  });

  it('counts concurrent wrong guesses one by one', async () => {
    const code = await codes.issue(account, 'register');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => failure(codes.consume(account, 'register', wrong(code)))),
    );
    expect(results.filter((r) => r.key === 'codeWrong')).toHaveLength(CODE_MAX_ATTEMPTS);
    expect(results.filter((r) => r.key === 'codeAttempts')).toHaveLength(8 - CODE_MAX_ATTEMPTS);
  });

  it('binds a code to its account and scene, and a new code replaces the old one', async () => {
    const first = await codes.issue(account, 'register');
    expect((await failure(codes.consume(account, 'forget', first))).key).toBe('codeWrong');
    expect((await failure(codes.consume('x@example.com', 'register', first))).key).toBe('codeWrong');
    const second = await codes.issue(account, 'register');
    if (first !== second)
      expect((await failure(codes.consume(account, 'register', first))).key).toBe('codeWrong');
    await codes.consume(account, 'register', second);
  });

  it('keeps a wrong guess counted although the guess is refused', async () => {
    // The refusal must not undo the command that counted it (a savepoint rolled back by the throw).
    const code = await codes.issue(account, 'register');
    expect((await failure(codes.consume(account, 'register', wrong(code)))).key).toBe('codeWrong');
    expect((await failure(codes.check(account, 'register', wrong(code)))).key).toBe('codeWrong');
    expect(await rows().attempts.get(account)).toBe(2);
    expect(await rows().consumed.get(account)).toBe(false);
  });

  it('check leaves a right code live; consume then uses it up', async () => {
    const code = await codes.issue(account, 'setPwd');
    await codes.check(account, 'setPwd', code);
    expect(await rows().consumed.get(account)).toBe(false);
    await codes.consume(account, 'setPwd', ` ${code} `);
    expect(await rows().consumed.get(account)).toBe(true);
  });

  it('consumeThen uses the code exactly when its step succeeds, in the same command', async () => {
    const code = await codes.issue(account, 'register');
    // The step fails: the whole command is undone and the code stays live.
    const boom = new Error('step failed');
    await expect(codes.consumeThen(account, 'register', code, () => Promise.reject(boom))).rejects.toBe(boom);
    expect(await rows().consumed.get(account)).toBe(false);
    // A wrong code: the step never runs, the guess is counted.
    let ran = 0;
    const step = async () => {
      ran += 1;
      return 'done';
    };
    expect((await failure(codes.consumeThen(account, 'register', wrong(code), step))).key).toBe('codeWrong');
    expect(ran).toBe(0);
    expect(await rows().attempts.get(account)).toBe(1);
    // The right code: the step runs and its value comes back, the code used up.
    expect(await codes.consumeThen(account, 'register', code, step)).toBe('done');
    expect(ran).toBe(1);
    expect(await rows().consumed.get(account)).toBe(true);
  });
});
