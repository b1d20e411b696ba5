// Authorization codes on the one writer (server/identity/auth-codes.ts): a wrong guess is counted
// even though the check refuses (the count commits before the refusal), guesses run out, codes
// expire, and a code is used once, inside the command that uses it.
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/http';
import { AUTH_CODE_MAX_ATTEMPTS, AUTH_CODE_TTL_MS, AuthCodes } from '../../../server/identity/auth-codes';
import { insertUser, openTestDatabase, type Db } from '../../support/db';

const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

async function setup() {
  const db = await openTestDatabase();
  open.push(db);
  insertUser(db.sqlite, 1);
  let now = 1_000;
  const codes = new AuthCodes(db.engine, () => now);
  /** The refusal key of `check`, or null when it passed. */
  const refusal = async (code: string) => {
    try {
      await codes.check(1, code);
      return null;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      expect(err.field).toBe('authCode');
      return err.key;
    }
  };
  const attempts = () =>
    db.sqlite.prepare('select attempts from identity_auth_codes where user_id = 1').pluck().get();
  return { db, codes, refusal, attempts, later: (ms: number) => (now += ms) };
}

describe('authorization codes', () => {
  it('counts each wrong guess though the check refuses, until the guesses run out', async () => {
    const h = await setup();
    const { code } = await h.codes.issue(1);
    const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    expect(await h.refusal(code)).toBeNull();
    for (let i = 1; i < AUTH_CODE_MAX_ATTEMPTS; i++) {
      expect(await h.refusal(wrong)).toBe('authCodeWrong');
      expect(h.attempts()).toBe(i);
    }
    // The last guess uses up the code: then even the right one is refused.
    expect(await h.refusal(wrong)).toBe('authCodeWrong');
    expect(h.attempts()).toBe(AUTH_CODE_MAX_ATTEMPTS);
    expect(await h.refusal(code)).toBe('authCodeAttempts');
    // A new code starts again.
    const again = await h.codes.issue(1);
    expect(h.attempts()).toBe(0);
    expect(await h.refusal(again.code)).toBeNull();
  });

  it('refuses a missing or expired code', async () => {
    const h = await setup();
    expect(await h.refusal('AAAAAAAA')).toBe('authCodeWrong');
    const grant = await h.codes.issue(1);
    expect(grant.expiresAt).toBe(1_000 + AUTH_CODE_TTL_MS);
    h.later(AUTH_CODE_TTL_MS - 1);
    expect(await h.refusal(grant.code)).toBeNull();
    h.later(1);
    expect(await h.refusal(grant.code)).toBe('authCodeExpired');
  });

  it('uses a code once, inside a writer command', async () => {
    const h = await setup();
    const { code } = await h.codes.issue(1);
    const writer = h.db.engine.writer;
    await expect(h.codes.use(1, code)).rejects.toThrow(/outside the writer/);
    expect(await writer.run(() => h.codes.use(1, 'ZZZZZZZZ'))).toBe(false);
    expect(await writer.run(() => h.codes.use(1, code))).toBe(true);
    expect(await writer.run(() => h.codes.use(1, code))).toBe(false);
    expect(await h.refusal(code)).toBe('authCodeWrong');
  });
});
