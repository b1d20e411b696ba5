import { describe, expect, it } from 'vitest';
import { loadLegal, saveLegal } from '../../../worker/legal/legal';
import { DEVICE_USER as user, deviceStores } from '../../support/device';

const { store } = deviceStores('legal-cache-test');

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
