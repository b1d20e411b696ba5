import { describe, expect, it } from 'vitest';
import type { Outcome, SessionGrant, UserInfo } from '../../../domain';
import { createSession } from '../../../worker/session';
import { deviceStores } from '../../support/device';

const { store } = deviceStores('session-test');

const user: UserInfo = {
  id: 9,
  account: '13800138000',
  accountKind: 'mobile',
  level: 'member',
  promoCode: 'ZXCV12',
  creditScore: 100,
  kyc: 'none',
  hasTradePassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const grant: SessionGrant = { token: 'tok-9', expiresAt: '2099-01-01T00:00:00.000Z', user };
const ok = <T>(data: T): Outcome<T> => ({ ok: true, data });
const intent = (name: 'login' | 'message' | 'serverFault', messageKey?: 'offline'): Outcome<never> => ({
  ok: false,
  intent: name,
  ...(messageKey && { messageKey }),
});

async function signedIn(s = store()) {
  const session = createSession(s);
  await session.load();
  await session.afterCall('user/login', ok(grant));
  return session;
}

describe('session: token handling (spec §7, §8)', () => {
  it.each(['user/login', 'user/register'] as const)(
    'stores token and user after a successful %s',
    async (name) => {
      const s = store();
      const session = createSession(s);
      await session.load();
      expect(session.token()).toBeNull();
      await session.afterCall(name, ok(grant));
      expect(session.token()).toBe('tok-9');
      expect(session.user()).toEqual(user);
      // Persisted: a new session on the same store sees it.
      const again = createSession(s);
      await again.load();
      expect(again.token()).toBe('tok-9');
      expect(again.user()).toEqual(user);
    },
  );

  it('ignores a failed login', async () => {
    const session = createSession(store());
    await session.load();
    await session.afterCall('user/login', { ok: false, intent: 'message', messageKey: 'incorrectPassword' });
    expect(session.token()).toBeNull();
  });

  it('clears token and user on any login intent', async () => {
    const s = store();
    const session = await signedIn(s);
    await session.afterCall('user/modifyPwd', intent('login'));
    expect(session.token()).toBeNull();
    expect(session.user()).toBeNull();
    expect(await s.getToken()).toBeNull();
    expect(await s.getUser()).toBeNull();
  });

  it.each([
    ['success', ok({})],
    ['offline', intent('message', 'offline')],
    ['server fault', intent('serverFault')],
  ])('clears token and user after user/logout whatever the result (%s)', async (_name, outcome) => {
    const session = await signedIn();
    await session.afterCall('user/logout', outcome);
    expect(session.token()).toBeNull();
    expect(session.user()).toBeNull();
  });

  it('keeps the session on other failures', async () => {
    const session = await signedIn();
    await session.afterCall('user/modifyPwd', intent('message', 'offline'));
    await session.afterCall('user/checkTradePwd', { ok: false, intent: 'tradePassword' });
    expect(session.token()).toBe('tok-9');
  });

  it('updates the user after user/info and marks the trade password after user/tradePwd', async () => {
    const session = await signedIn();
    await session.afterCall('user/info', ok({ ...user, creditScore: 90 }));
    expect(session.user()?.creditScore).toBe(90);
    await session.afterCall('user/tradePwd', ok({}));
    expect(session.user()?.hasTradePassword).toBe(true);
  });

  it('tells token listeners about changes', async () => {
    const session = createSession(store());
    await session.load();
    const seen: Array<string | null> = [];
    session.onToken((t) => seen.push(t));
    await session.afterCall('user/login', ok(grant));
    await session.afterCall('user/logout', ok({}));
    expect(seen).toEqual(['tok-9', null]);
  });
});

describe('session: refresh at start', () => {
  it('does nothing without a token', async () => {
    const session = createSession(store());
    await session.load();
    let called = false;
    expect(
      await session.refresh(async () => {
        called = true;
        return ok(user);
      }),
    ).toBeNull();
    expect(called).toBe(false);
  });

  it('replaces the cached user when the server answers', async () => {
    const session = await signedIn();
    expect(await session.refresh(async () => ok({ ...user, kyc: 'verified' }))).toMatchObject({
      kyc: 'verified',
    });
  });

  it('keeps the cached user when offline', async () => {
    const session = await signedIn();
    expect(await session.refresh(async () => intent('message', 'offline'))).toEqual(user);
    expect(session.token()).toBe('tok-9');
  });

  it('clears the session on a login intent', async () => {
    const session = await signedIn();
    expect(await session.refresh(async () => intent('login'))).toBeNull();
    expect(session.token()).toBeNull();
  });
});
