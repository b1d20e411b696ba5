import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { TEST_PASSWORD, freshMobile, registerUser } from '../support/accounts';
import { readOutboxCode, startTestServer, TEST_RATE_LIMITS, type TestServer } from '../support/server';

let server: TestServer;
let origin: string;
beforeAll(async () => {
  // A short resend interval lets one test send several codes to one account; the 60 s interval
  // itself is tested in server-limits.test.ts.
  server = await startTestServer({
    rateLimits: {
      ...TEST_RATE_LIMITS,
      codeResendMs: 1,
    },
  });
  origin = server.origin;
});
afterAll(() => server?.close());

describe('registration, login and the session', () => {
  it('registers by e-mail, logs in, reads info with Authorization, changes the password, logs out', async () => {
    const account = `Alice.${Date.now()}@Example.com`;
    const grant = await registerUser(origin, account);
    expect(grant.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(grant.user).toMatchObject({
      account: account.toLowerCase(),
      accountKind: 'email',
      level: 'member',
      // The published breakdown of a new account: the starting score alone (domain/identity-credit.ts).
      creditScore: 55,
      kyc: 'none',
      hasTradePassword: false,
    });
    expect(grant.user.promoCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(Date.parse(grant.expiresAt) - Date.now()).toBeGreaterThan(719 * 3_600_000);

    const login = await callApi(origin, 'user/login', { account, password: TEST_PASSWORD });
    expect(login.body.type).toBe('ok');
    const token: string = login.body.message.token;
    expect(token).not.toBe(grant.token);

    const info = await callApi(origin, 'user/info', {}, { token });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ type: 'ok', message: grant.user });
    expect(info.headers.get('cache-control')).toBe('no-store');
    // A raw token without "Bearer" is accepted too.
    const raw = await callApi(origin, 'user/info', {}, { headers: { authorization: token } });
    expect(raw.body.type).toBe('ok');

    const step1 = await callApi(origin, 'user/modifyPwd', { oldPassword: 'Wrong123' }, { token });
    expect(step1.body).toMatchObject({ code: 400, key: 'incorrectPassword', field: 'oldPassword' });
    const ok1 = await callApi(origin, 'user/modifyPwd', { oldPassword: TEST_PASSWORD }, { token });
    expect(ok1.body.code).toBe(200);
    const ticket: string = ok1.body.data.ticket;
    const mismatch = await callApi(
      origin,
      'user/modifyPwdNext',
      { ticket, password: 'NewPass456', confirm: 'NewPass457' },
      { token },
    );
    expect(mismatch.body).toMatchObject({ code: 400, key: 'passwordsInconsistent', field: 'confirm' });
    const done = await callApi(
      origin,
      'user/modifyPwdNext',
      { ticket, password: 'NewPass456', confirm: 'NewPass456' },
      { token },
    );
    expect(done.body).toEqual({ code: 200, data: {}, msg: '' });
    const reuse = await callApi(
      origin,
      'user/modifyPwdNext',
      { ticket, password: 'NewPass789', confirm: 'NewPass789' },
      { token },
    );
    expect(reuse.body).toMatchObject({ key: 'ticketExpired' });

    // The registration session was another device: it is revoked; the caller's session survives.
    const other = await callApi(origin, 'user/info', {}, { token: grant.token });
    expect(other.body).toMatchObject({ type: '999', key: 'sessionInvalid' });
    expect((await callApi(origin, 'user/info', {}, { token })).body.type).toBe('ok');

    const old = await callApi(origin, 'user/login', { account, password: TEST_PASSWORD });
    expect(old.body).toMatchObject({ type: 'error', key: 'incorrectPassword', field: 'password' });
    const fresh = await callApi(origin, 'user/login', {
      account: account.toUpperCase(),
      password: 'NewPass456',
    });
    expect(fresh.body.type).toBe('ok');

    const out = await callApi(origin, 'user/logout', {}, { token });
    expect(out.body).toEqual({ code: 200, data: {}, msg: '' });
    const after = await callApi(origin, 'user/logout', {}, { token });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ code: 500, key: 'sessionInvalid' });
    expect((await callApi(origin, 'user/info', {}, { token })).body.type).toBe('999');
  });

  it('registers by mobile with a promo code, and rejects a taken account and an unknown promo', async () => {
    const referrer = await registerUser(origin);
    const account = freshMobile();
    const grant = await registerUser(origin, account, TEST_PASSWORD, {
      promo: referrer.user.promoCode.toLowerCase(),
    });
    expect(grant.user).toMatchObject({ account, accountKind: 'mobile' });
    const info = await callApi(origin, 'user/info', {}, { token: grant.token });
    expect(info.body.message.account).toBe(account);

    const taken = await callApi(origin, 'sms/send', { account, scene: 'register' });
    expect(taken.body).toMatchObject({ type: 'error', key: 'accountTaken', field: 'account' });

    const next = freshMobile();
    await callApi(origin, 'sms/send', { account: next, scene: 'register' });
    const code = await readOutboxCode(origin, next);
    const base = {
      kind: 'mobile',
      account: next,
      code,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
      agree: 'true',
    };
    const unknownPromo = await callApi(origin, 'user/register', { ...base, promo: 'ZZZZ9999' });
    expect(unknownPromo.body).toMatchObject({ type: 'error', key: 'promoCodeUnknown', field: 'promo' });
    const noAgree = await callApi(origin, 'user/register', { ...base, agree: 'false' });
    expect(noAgree.body).toMatchObject({ key: 'agreementRequired', field: 'agree' });
    const simple = await callApi(origin, 'user/register', { ...base, password: '123456', confirm: '123456' });
    expect(simple.body).toMatchObject({ key: 'passwordTooSimple', field: 'password' });
    const badMobile = await callApi(origin, 'user/register', { ...base, account: '2' + next.slice(1) });
    expect(badMobile.body).toMatchObject({ key: 'mobileFormat', field: 'account' });
    // The rejected attempts did not use up the code.
    expect((await callApi(origin, 'user/register', base)).body.type).toBe('ok');
  });

  it('accepts JSON bodies as well as form bodies', async () => {
    const account = freshMobile();
    const sent = await callApi(origin, 'sms/send', { account, scene: 'register' }, { json: true });
    expect(sent.body).toEqual({ type: 'ok', message: { resendAfter: 1 } });
    const code = await readOutboxCode(origin, account);
    const reg = await callApi(
      origin,
      'user/register',
      { kind: 'mobile', account, code, password: TEST_PASSWORD, confirm: TEST_PASSWORD, agree: true },
      { json: true },
    );
    expect(reg.body.type).toBe('ok');
    const login = await callApi(origin, 'user/login', { account, password: TEST_PASSWORD }, { json: true });
    expect(login.body.type).toBe('ok');
    const broken = await fetch(`${origin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"account":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ type: 'error', key: 'badRequest' });
  });

  it('answers checkAccount in variant 2', async () => {
    const grant = await registerUser(origin);
    expect((await callApi(origin, 'user/checkAccount', { account: grant.user.account })).body).toEqual({
      code: 200,
      data: { exists: true },
      msg: '',
    });
    expect((await callApi(origin, 'user/checkAccount', { account: freshMobile() })).body.data).toEqual({
      exists: false,
    });
  });
});

describe('verification codes', () => {
  it('rejects a wrong code with codeWrong on the code field', async () => {
    const account = freshMobile();
    await callApi(origin, 'sms/send', { account, scene: 'register' });
    const code = await readOutboxCode(origin, account);
    const bad = code === '000000' ? '111111' : '000000';
    const reply = await callApi(origin, 'user/register', {
      kind: 'mobile',
      account,
      code: bad,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
      agree: 'true',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ type: 'error', key: 'codeWrong', field: 'code' });
    expect(typeof reply.body.message).toBe('string');
    expect(reply.body.message.length).toBeGreaterThan(0);
  });

  it('gives codeAttempts after five wrong codes, even for the right one', async () => {
    const grant = await registerUser(origin);
    const account = grant.user.account;
    await callApi(origin, 'sms/send', { account, scene: 'forget' });
    const code = await readOutboxCode(origin, account);
    const bad = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await callApi(origin, 'user/forget', { account, code: bad })).body.key).toBe('codeWrong');
    }
    expect((await callApi(origin, 'user/forget', { account, code })).body).toMatchObject({
      key: 'codeAttempts',
      field: 'code',
    });
  });

  it('resets a forgotten password with a code and a ticket, revoking every session', async () => {
    const grant = await registerUser(origin);
    const account = grant.user.account;
    expect((await callApi(origin, 'sms/send', { account: freshMobile(), scene: 'forget' })).body.key).toBe(
      'accountUnknown',
    );
    await callApi(origin, 'sms/send', { account, scene: 'forget' });
    const code = await readOutboxCode(origin, account);
    const step1 = await callApi(origin, 'user/forget', { account, code });
    expect(step1.body.type).toBe('ok');
    const ticket: string = step1.body.message.ticket;
    expect((await callApi(origin, 'user/forget', { account, code })).body.key).toBe('codeWrong');
    const step2 = await callApi(origin, 'user/forgetNext', {
      ticket,
      password: 'Reset999x',
      confirm: 'Reset999x',
    });
    expect(step2.body).toEqual({ type: 'ok', message: {} });
    expect((await callApi(origin, 'user/info', {}, { token: grant.token })).body.type).toBe('999');
    expect((await callApi(origin, 'user/login', { account, password: 'Reset999x' })).body.type).toBe('ok');
  });
});

describe('trade password', () => {
  it('answers HTTP 401 without a trade password, then sets one and checks it', async () => {
    const grant = await registerUser(origin);
    const { token } = grant;
    const none = await callApi(origin, 'user/checkTradePwd', { tradePassword: 'Trade123' }, { token });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ key: 'noTradePassword' });

    await callApi(origin, 'sms/send', { account: grant.user.account, scene: 'tradePwd' });
    const code = await readOutboxCode(origin, grant.user.account);
    const same = await callApi(
      origin,
      'user/tradePwd',
      { code, password: TEST_PASSWORD, confirm: TEST_PASSWORD },
      { token },
    );
    expect(same.body).toMatchObject({ code: 400, key: 'tradePasswordSame', field: 'password' });
    const set = await callApi(
      origin,
      'user/tradePwd',
      { code, password: 'Trade123', confirm: 'Trade123' },
      { token },
    );
    expect(set.body).toEqual({ code: 200, data: {}, msg: '' });

    const wrong = await callApi(origin, 'user/checkTradePwd', { tradePassword: 'Trade124' }, { token });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ code: 400, key: 'incorrectTradePassword' });
    const right = await callApi(origin, 'user/checkTradePwd', { tradePassword: 'Trade123' }, { token });
    expect(right.body.code).toBe(200);
    expect((await callApi(origin, 'user/info', {}, { token })).body.message.hasTradePassword).toBe(true);
  });

  it('rejects variant-3 calls without the token header, or with the token in the wrong header', async () => {
    const grant = await registerUser(origin);
    const none = await callApi(origin, 'user/checkTradePwd', { tradePassword: 'x' });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ code: 500, key: 'sessionInvalid' });
    const wrongHeader = await callApi(
      origin,
      'user/logout',
      {},
      { headers: { authorization: `Bearer ${grant.token}` } },
    );
    expect(wrongHeader.body.code).toBe(500);
  });
});
