import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type Db } from '../../support/db';
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

beforeEach(async () => {
  db = await openTestDatabase(':memory:');
  now = 1_700_000_000_000;
  codes = new CodeStore(db.sqlite, () => now);
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
    const rows = await db.kysely.selectFrom('codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
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
});
