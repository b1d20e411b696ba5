import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../domain';
import { loadLegal, saveLegal } from '../../../worker/legal/legal';
import { createStore, type Store } from '../../../worker/store';

let n = 0;
const opened: Store[] = [];
function store(): Store {
  const s = createStore({ name: `legal-cache-test-${++n}`, indexedDB, IDBKeyRange });
  opened.push(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

const user: UserInfo = {
  id: 7,
  account: 'a@b.co',
  accountKind: 'email',
  level: 'member',
  promoCode: 'ABCD12',
  creditScore: 100,
  kyc: 'none',
  hasTradePassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('worker legal cache: private copies go with the session', () => {
  it("drops a signed-in user's fiat orders and profile at sign-out, keeps the public hall", async () => {
    const s = store();
    await s.setSession('tok', user);
    await saveLegal(s, 'legal/orders', { tab: 'open' }, user.id, [{ id: 1 }], 1);
    await saveLegal(s, 'legal/me', {}, user.id, { merchant: true }, 1);
    await saveLegal(s, 'legal/ads', { side: 'buy' }, null, [{ id: 9 }], 1);
    expect((await loadLegal(s, 'legal/orders', { tab: 'open' }, user.id))?.data).toEqual([{ id: 1 }]);

    await s.setSession(null, null);

    expect(await loadLegal(s, 'legal/orders', { tab: 'open' }, user.id)).toBeNull();
    expect(await loadLegal(s, 'legal/me', {}, user.id)).toBeNull();
    expect((await loadLegal(s, 'legal/ads', { side: 'buy' }, null))?.data).toEqual([{ id: 9 }]);
  });
});
