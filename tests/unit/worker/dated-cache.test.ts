// The worker's one dated cache (worker/shared/dated): per user, gone at sign-out, public copies stay,
// and copies written before it (the fiat cache's `{data, cachedAt}`) still read.
import { describe, expect, it } from 'vitest';
import { keepDated, loadDated } from '../../../worker/shared/dated';
import { loadLegal } from '../../../worker/legal/legal-copies';
import { DEVICE_USER as user, deviceStores } from '../../support/device';

const { store } = deviceStores('dated-cache-test');

describe('worker dated cache', () => {
  it('keeps a copy per user, dated, never serves it to another account, drops it at sign-out', async () => {
    const s = store();
    await s.setSession('tok', user);
    await keepDated(s, 'team/summary', 7, { members: 3 }, 1_000);
    await keepDated(s, 'public:terms', null, { rate: '1' }, 2_000);
    expect(await loadDated(s, 'team/summary', 7)).toEqual({ data: { members: 3 }, savedAt: 1_000 });
    expect(await loadDated(s, 'team/summary', 8)).toBeNull();
    expect(await s.get('private:team/summary')).toEqual({ userId: 7, data: { members: 3 }, savedAt: 1_000 });

    await s.setSession(null, null);

    expect(await loadDated(s, 'team/summary', 7)).toBeNull();
    expect(await loadDated(s, 'public:terms', null)).toEqual({ data: { rate: '1' }, savedAt: 2_000 });
  });

  it('reads the fiat copies a device kept before it, under the same keys', async () => {
    const s = store();
    await s.setSession('tok', user);
    await s.set('private:legal:7:legal/me:{}', { data: { merchant: true }, cachedAt: 5 });
    await s.set('legal:0:legal/ads:{"side":"buy"}', { data: [{ id: 9 }], cachedAt: 6 });
    expect(await loadLegal(s, 'legal/me', {}, 7)).toEqual({ data: { merchant: true }, cachedAt: 5 });
    expect(await loadLegal(s, 'legal/ads', { side: 'buy' }, null)).toEqual({
      data: [{ id: 9 }],
      cachedAt: 6,
    });
  });
});
