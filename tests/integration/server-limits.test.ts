import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import type { MessageSender } from '../../server/sim/outbox';
import { callApi } from '../support/api';
import { TEST_PASSWORD, freshMobile, registerUser } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function start(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const s = await startTestServer(overrides);
  servers.push(s);
  return s;
}

describe('rate limits', () => {
  it('limits logins per account with HTTP 429 and rateLimited', async () => {
    const { origin } = await start();
    const grant = await registerUser(origin);
    const account = grant.user.account;
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerAccount; i++) {
      const r = await callApi(origin, 'user/login', {
        account,
        password: i === 0 ? TEST_PASSWORD : 'Wrong123',
      });
      expect(r.status).toBe(200);
    }
    const limited = await callApi(origin, 'user/login', { account, password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ type: 'error', key: 'rateLimited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected by this account's budget.
    const other = await registerUser(origin);
    expect(
      (await callApi(origin, 'user/login', { account: other.user.account, password: TEST_PASSWORD })).status,
    ).toBe(200);
  });

  it('limits logins per IP across accounts', async () => {
    const { origin } = await start({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 3 } });
    for (let i = 0; i < 3; i++) {
      expect(
        (await callApi(origin, 'user/login', { account: freshMobile(), password: 'Wrong123' })).status,
      ).toBe(200);
    }
    const limited = await callApi(origin, 'user/login', { account: freshMobile(), password: 'Wrong123' });
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe('rateLimited');
  });

  it('sends one code per account and scene per minute, and caps codes per IP', async () => {
    const { origin } = await start({ rateLimits: { ...DEFAULT_RATE_LIMITS, codesPerIp: 3 } });
    const account = freshMobile();
    expect((await callApi(origin, 'sms/send', { account, scene: 'register' })).body.type).toBe('ok');
    const again = await callApi(origin, 'sms/send', { account, scene: 'register' });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ type: 'error', key: 'tooManyCodes' });
    expect((await callApi(origin, 'sms/send', { account: freshMobile(), scene: 'register' })).status).toBe(
      200,
    );
    expect((await callApi(origin, 'sms/send', { account: freshMobile(), scene: 'register' })).status).toBe(
      200,
    );
    const capped = await callApi(origin, 'sms/send', { account: freshMobile(), scene: 'register' });
    expect(capped.status).toBe(429);
    expect(capped.body.key).toBe('tooManyCodes');
  });
});

describe('modes and faults', () => {
  it('has no dev/outbox in production mode', async () => {
    const { origin } = await start({ mode: 'production' });
    const account = freshMobile();
    expect((await callApi(origin, 'sms/send', { account, scene: 'register' })).body.type).toBe('ok');
    const outbox = await callApi(origin, 'dev/outbox', { account });
    expect(outbox.status).toBe(404);
    expect(outbox.body).toMatchObject({ data: null, key: 'notFound' });
    expect(outbox.text).not.toContain(account);
    const settings = await callApi(origin, 'settings');
    expect(settings.body).toMatchObject({ mode: 'production', simulated: { market: false } });
  });

  it('answers an unexpected failure with HTTP 500, a generic serverFault and no stack trace', async () => {
    const broken: MessageSender = {
      simulated: false,
      send: () => Promise.reject(new Error('SMS gateway refused: key sk_live_123 at /opt/gateway.ts:12')),
    };
    const server = await startServer({
      env: {},
      logLevel: 'silent',
      sender: broken,
      config: { port: 0, host: '127.0.0.1', dataDir: ':memory:', distDir: '/nonexistent' },
    });
    servers.push(server);
    const reply = await callApi(server.url, 'sms/send', { account: freshMobile(), scene: 'register' });
    expect(reply.status).toBe(500);
    expect(reply.body).toMatchObject({ type: 'error', key: 'serverFault' });
    expect(reply.text).not.toMatch(/gateway|sk_live|stack|\.ts:\d+|\bat /);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const settings = await callApi(server.url, 'settings');
    expect(settings.body.simulated.messages).toBe(false);
  });
});
