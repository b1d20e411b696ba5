import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/config';
import { freshMobile, registerUser } from '../support/accounts';
import { callApi } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(limits: Partial<RateLimits>): Promise<string> {
  const server = await startTestServer({
    simMarket: false,
    rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 100_000, codesPerIp: 100_000, ...limits },
  });
  servers.push(server);
  return server.origin;
}

describe('endpoints that tell whether an account exists are limited per IP', () => {
  it('user/checkAccount answers at most the default budget, then 429 with Retry-After', async () => {
    const origin = await start({});
    const known = (await registerUser(origin)).user.account;
    const budget = DEFAULT_RATE_LIMITS.accountChecksPerIp;
    const answers: number[] = [];
    for (let i = 0; i < budget + 10; i++) {
      const account = i % 2 === 0 ? known : freshMobile();
      answers.push((await callApi(origin, 'user/checkAccount', { account })).status);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(budget);
    expect(answers.slice(budget).every((s) => s === 429)).toBe(true);
    const limited = await callApi(origin, 'user/checkAccount', { account: known });
    expect(limited.body).toMatchObject({ key: 'rateLimited' });
    expect(limited.text).not.toContain('exists');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('user/forget and user/register, which answer accountUnknown / accountTaken before the code, too', async () => {
    const origin = await start({ accountChecksPerIp: 3 });
    const known = (await registerUser(origin)).user.account;
    // registerUser used one register request of the budget.
    const forget = [];
    for (let i = 0; i < 4; i++) {
      forget.push((await callApi(origin, 'user/forget', { account: freshMobile(), code: '123456' })).status);
    }
    expect(forget).toEqual([200, 200, 200, 429]);
    const register = [];
    for (let i = 0; i < 3; i++) {
      const r = await callApi(origin, 'user/register', {
        kind: 'mobile',
        account: known,
        code: '123456',
        password: 'Secret123',
        confirm: 'Secret123',
        agree: 'true',
      });
      register.push(r.status === 429 ? 'limited' : r.body?.key);
    }
    expect(register).toEqual(['accountTaken', 'accountTaken', 'limited']);
  });
});

describe('the server applies the e-mail length rule', () => {
  it('refuses a 300-character local part and a 65-character one on sms/send and user/register', async () => {
    const origin = await start({});
    for (const local of ['a'.repeat(300), 'a'.repeat(65)]) {
      const account = `${local}@example.com`;
      const sent = await callApi(origin, 'sms/send', { account, scene: 'register' });
      expect(sent.body).toMatchObject({ type: 'error', key: 'accountFormat', field: 'account' });
      const reg = await callApi(origin, 'user/register', {
        kind: 'email',
        account,
        code: '123456',
        password: 'Secret123',
        confirm: 'Secret123',
        agree: 'true',
      });
      expect(reg.body).toMatchObject({ type: 'error', key: 'emailFormat', field: 'account' });
    }
    const ok = await callApi(origin, 'sms/send', {
      account: `${'a'.repeat(64)}@example.com`,
      scene: 'register',
    });
    expect(ok.body?.type).toBe('ok');
  });
});
