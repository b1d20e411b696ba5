import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { EndpointName } from '../../../domain';
import { openTestDatabase, type Db } from '../../support/db';
import { loadConfig } from '../../../server/config';
import { AppError } from '../../../server/http/app-error';
import { HandlerRegistry, type HandlerContext } from '../../../server/http/registry';
import type { AuthSession } from '../../../server/http';
import { registerAccountRoutes } from '../../../server/mine/account-routes';
import { CodeStore } from '../../../server/mine/codes';
import { registerSecurityRoutes } from '../../../server/mine/security-routes';
import { SessionStore } from '../../../server/mine/sessions';
import type { MineDeps } from '../../../server/mine/shared';
import { TicketStore } from '../../../server/mine/tickets';
import { setPasswordHash } from '../../../server/mine/users';
import { OutboxSender, readOutbox } from '../../../server/sim/outbox';

/**
 * The account routes on the one writer, called as the HTTP layer calls them: every password is
 * hashed before its command (a hash inside one throws), and each change is one command.
 */
let db: Db;
let registry: HandlerRegistry;
let sessions: SessionStore;
let scores: number[];

const log = { info: () => {} } as unknown as FastifyBaseLogger;
const ACCOUNT = 'flow@example.com';

beforeEach(async () => {
  db = await openTestDatabase(':memory:');
  registry = new HandlerRegistry();
  sessions = new SessionStore(db.engine, 3_600_000);
  scores = [];
  const deps: MineDeps = {
    config: loadConfig({}),
    engine: db.engine,
    sessions,
    codes: new CodeStore(db.engine),
    tickets: new TicketStore(db.engine),
    sender: new OutboxSender(db.engine, log, false),
    texts: { text: (_lang, key, values) => `${key} ${values?.code ?? ''}` },
    // Stands in for the credit score (identity), which keeps its score inside a command.
    creditScore: (userId) =>
      db.engine.writer.run(async () => {
        scores.push(userId);
        return 90;
      }),
  };
  registerAccountRoutes(registry, deps);
  registerSecurityRoutes(registry, deps);
});
afterEach(() => db.close());

async function call(name: EndpointName, input: Record<string, unknown>, session: AuthSession | null = null) {
  const entry = registry.get(name);
  if (!entry) throw new Error(`no handler for ${name}`);
  const ctx = { input, lang: 'en', ip: '127.0.0.1', session } as unknown as HandlerContext;
  return (await entry.handler(ctx)) as Record<string, unknown>;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.key;
    throw err;
  }
  throw new Error('expected a refusal');
}

/** Sends a code for `scene` and reads it from the outbox. */
async function codeFor(scene: string): Promise<string> {
  await call('sms/send', { account: ACCOUNT, scene });
  return (await readOutbox(db.engine, ACCOUNT, 1))[0]!.code;
}

async function register(password = 'Passw0rd!') {
  const code = await codeFor('register');
  const granted = await call('user/register', {
    account: ACCOUNT,
    kind: 'email',
    code,
    password,
    confirm: password,
    agree: true,
  });
  const token = granted.token as string;
  return { token, session: (await sessions.resolve(token))! };
}

describe('account routes on the writer', () => {
  it('registers once per account, with the code used up and the credit score computed', async () => {
    expect(await refusal(call('sms/send', { account: ACCOUNT, scene: 'forget' }))).toBe('accountUnknown');
    const wrongCode = await codeFor('register');
    const form = {
      account: ACCOUNT,
      kind: 'email',
      password: 'Passw0rd!',
      confirm: 'Passw0rd!',
      agree: true,
    };
    const bad = wrongCode === '000000' ? '000001' : '000000';
    expect(await refusal(call('user/register', { ...form, code: bad }))).toBe('codeWrong');
    const { session } = await register();
    expect(session.userId).toBeGreaterThan(0);
    expect(scores).toEqual([session.userId]);
    expect(await refusal(call('sms/send', { account: ACCOUNT, scene: 'register' }))).toBe('accountTaken');
    const info = await call('user/info', {}, session);
    expect(info).toMatchObject({ account: ACCOUNT, creditScore: 90, hasTradePassword: false });
  });

  it('logs in with the password in force, and a reset ends every session', async () => {
    const { token } = await register();
    expect(await refusal(call('user/login', { account: ACCOUNT, password: 'Wrong0rd!' }))).toBe(
      'incorrectPassword',
    );
    const login = await call('user/login', { account: ACCOUNT, password: 'Passw0rd!' });
    expect(await sessions.resolve(login.token as string)).not.toBeNull();

    const forget = await call('user/forget', { account: ACCOUNT, code: await codeFor('forget') });
    await call('user/forgetNext', { ticket: forget.ticket, password: 'N3wPassw0rd', confirm: 'N3wPassw0rd' });
    expect(await sessions.resolve(login.token as string)).toBeNull();
    expect(await sessions.resolve(token)).toBeNull();
    // The ticket was used in the command that changed the password.
    expect(
      await refusal(
        call('user/forgetNext', { ticket: forget.ticket, password: 'An0therOne', confirm: 'An0therOne' }),
      ),
    ).toBe('ticketExpired');
    expect(await refusal(call('user/login', { account: ACCOUNT, password: 'Passw0rd!' }))).toBe(
      'incorrectPassword',
    );
    await call('user/login', { account: ACCOUNT, password: 'N3wPassw0rd' });
  });

  it('refuses a login whose verified password was replaced before its session was issued', async () => {
    const { session } = await register();
    // The login verifies (argon2, tens of ms); meanwhile another command replaces the hash.
    const login = call('user/login', { account: ACCOUNT, password: 'Passw0rd!' });
    await db.engine.writer.run(() => setPasswordHash(db.engine, session.userId, 'replaced'));
    expect(await refusal(login)).toBe('incorrectPassword');
  });

  it('changes the password with the old one, keeping only the caller signed in', async () => {
    const { token, session } = await register();
    const other = await call('user/login', { account: ACCOUNT, password: 'Passw0rd!' });
    expect(await refusal(call('user/modifyPwd', { oldPassword: 'Wrong0rd!' }, session))).toBe(
      'incorrectPassword',
    );
    const { ticket } = await call('user/modifyPwd', { oldPassword: 'Passw0rd!' }, session);
    expect(
      await refusal(
        call('user/modifyPwdNext', { ticket, password: 'Passw0rd!', confirm: 'Passw0rd!' }, session),
      ),
    ).toBe('passwordUnchanged');
    await call('user/modifyPwdNext', { ticket, password: 'Chang3dPw', confirm: 'Chang3dPw' }, session);
    expect(await sessions.resolve(token)).not.toBeNull();
    expect(await sessions.resolve(other.token as string)).toBeNull();
    await call('user/login', { account: ACCOUNT, password: 'Chang3dPw' });
  });

  it('sets the login and trade passwords with codes, and checks the trade password', async () => {
    const { token, session } = await register();
    await call(
      'user/setPwd',
      { code: await codeFor('setPwd'), password: 'S3tAgain!', confirm: 'S3tAgain!' },
      session,
    );
    await call('user/login', { account: ACCOUNT, password: 'S3tAgain!' });

    expect(await refusal(call('user/checkTradePwd', { tradePassword: 'Trad3Pass' }, session))).toBe(
      'noTradePassword',
    );
    const same = { code: await codeFor('tradePwd'), password: 'S3tAgain!', confirm: 'S3tAgain!' };
    expect(await refusal(call('user/tradePwd', same, session))).toBe('tradePasswordSame');
    // The refused request left its code live: the user fixes the password and retries with it.
    await call('user/tradePwd', { ...same, password: 'Trad3Pass', confirm: 'Trad3Pass' }, session);
    expect(
      await refusal(call('user/tradePwd', { ...same, password: 'Trad4Pass', confirm: 'Trad4Pass' }, session)),
    ).toBe('codeWrong');
    expect(await refusal(call('user/checkTradePwd', { tradePassword: 'Trad4Pass' }, session))).toBe(
      'incorrectTradePassword',
    );
    await call('user/checkTradePwd', { tradePassword: 'Trad3Pass' }, session);
    expect(await call('user/info', {}, session)).toMatchObject({ hasTradePassword: true });

    await call('user/logout', {}, session);
    expect(await sessions.resolve(token)).toBeNull();
  });
});
