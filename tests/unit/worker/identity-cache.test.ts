import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionGrant, UserInfo } from '../../../domain';
import { createCore, type Core } from '../../../worker/core';
import { FakeWebSocket, fakeFetch, json, type FakeReply, type Recorded } from './fakes';

const ORIGIN = 'http://core.test:8080';
const userOf = (id: number): UserInfo => ({
  id,
  account: `u${id}@d.co`,
  accountKind: 'email',
  level: 'member',
  promoCode: 'QWER1234',
  creditScore: 55,
  kyc: 'none',
  hasTradePassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const grantOf = (id: number): SessionGrant => ({
  token: `tok-${id}`,
  expiresAt: '2099-01-01T00:00:00.000Z',
  user: userOf(id),
});
const kyc = { state: 'review', submission: null };

let n = 0;
const cores: Core[] = [];
function core(reply: (req: Recorded) => FakeReply, dbName = `identity-cache-${++n}`) {
  const c = createCore({ fetch: fakeFetch(reply), WebSocket: FakeWebSocket, indexedDB, IDBKeyRange, dbName });
  cores.push(c);
  return c;
}

beforeEach(() => FakeWebSocket.reset());
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});

describe('core: the identity pages’ last answers on the device', () => {
  it('keeps the last answer per user with its time, never serves it to another account, forgets it on sign-out', async () => {
    let online = true;
    let loginAs = 3;
    const dbName = `identity-cache-${++n}`;
    const c = core((req) => {
      if (!online) throw new TypeError('network down');
      if (req.url.endsWith('/user/login')) return json(200, { type: 'ok', message: grantOf(loginAs) });
      if (req.url.includes('/kyc/status')) return json(200, { code: 200, data: kyc, msg: '' });
      return json(200, { code: 200, data: {}, msg: '' });
    }, dbName);
    await c.init({ origin: ORIGIN, socketPath: '/ws' });
    expect(await c.cachedPrivate('kyc/status')).toBeNull();
    await c.call('user/login', { account: 'u3@d.co', password: 'x' });
    const before = Date.now();
    expect(await c.call('kyc/status', {})).toMatchObject({ ok: true });
    const kept = await c.cachedPrivate('kyc/status');
    expect(kept?.data).toEqual(kyc);
    expect(kept!.savedAt).toBeGreaterThanOrEqual(before);

    // Offline: the call says so, the kept answer is still there for the page.
    online = false;
    expect(await c.call('kyc/status', {})).toMatchObject({ ok: false });
    expect((await c.cachedPrivate('kyc/status'))?.data).toEqual(kyc);
    online = true;

    // Another account on the same device never sees it.
    loginAs = 4;
    await c.call('user/login', { account: 'u4@d.co', password: 'x' });
    expect(await c.cachedPrivate('kyc/status')).toBeNull();

    // Sign-out forgets it.
    loginAs = 3;
    await c.call('user/login', { account: 'u3@d.co', password: 'x' });
    expect(await c.cachedPrivate('kyc/status')).not.toBeNull();
    await c.call('user/logout', {});
    await c.call('user/login', { account: 'u3@d.co', password: 'x' });
    expect(await c.cachedPrivate('kyc/status')).toBeNull();
  });
});
