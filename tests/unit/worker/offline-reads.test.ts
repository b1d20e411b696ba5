// Issue 29, "offline after one visit": the reads behind the listing applications, the bank deposits,
// the withdrawal terms, a P2P order's chat and a merchant's shop are kept on the device, so those
// pages render offline after one visit. Before, none of them was kept (each test fails on that code:
// the private cache answered null, the fiat cache did not keep a shop).
import { describe, expect, it } from 'vitest';
import { fixedDb } from '../../../worker/market/feed-context';
import { loadLegal, saveLegal } from '../../../worker/legal/legal-copies';
import { createPrivateCache } from '../../../worker/shared/dated/private-cache';
import { DEVICE_USER as user, deviceStores } from '../../support/device';

const { db, store } = deviceStores('offline-reads');
const privateCache = () => createPrivateCache(fixedDb(db()));
const yes = () => true;

describe('offline reads of the listing, bank deposit, withdrawal and chat pages', () => {
  it('keeps each answer per user and request, dated (savedAt in ms)', async () => {
    const c = privateCache();
    const quota = { coin: 'USDT', fee: '1', min: '10' };
    await c.save(7, 'listing/mine', {}, [], 1_000, yes);
    await c.save(7, 'assets/bankDeposits', { limit: 20 }, [], 1_001, yes);
    await c.save(7, 'assets/bankDepositDetail', { id: 3 }, { id: 3 } as never, 1_002, yes);
    await c.save(7, 'assets/withdrawInfo', { coin: 'USDT', chain: 'TRC20' }, quota as never, 1_003, yes);
    await c.save(7, 'legal/messages', { id: 5 }, [], 1_004, yes);

    expect(await c.read(7, 'listing/mine', {})).toEqual({ data: [], savedAt: 1_000, source: 'cache' });
    expect((await c.read(7, 'assets/bankDeposits', { limit: 20 }))?.savedAt).toBe(1_001);
    expect((await c.read(7, 'assets/bankDepositDetail', { id: 3 }))?.data).toEqual({ id: 3 });
    // Per request: another order, chain or chat is not this one.
    expect(await c.read(7, 'assets/bankDepositDetail', { id: 4 })).toBeNull();
    expect((await c.read(7, 'assets/withdrawInfo', { chain: 'TRC20', coin: 'USDT' }))?.data).toEqual(quota);
    expect(await c.read(7, 'assets/withdrawInfo', { coin: 'USDT', chain: 'ERC20' })).toBeNull();
    expect((await c.read(7, 'legal/messages', { id: 5 }))?.savedAt).toBe(1_004);
    // Another account on the device never sees them.
    expect(await c.read(8, 'legal/messages', { id: 5 })).toBeNull();
    // A later page of the deposits is not kept.
    await c.save(7, 'assets/bankDeposits', { limit: 20, before: 9 }, [], 1_005, yes);
    expect(await c.read(7, 'assets/bankDeposits', { limit: 20, before: 9 })).toBeNull();
  });

  it("keeps a merchant's shop: for everyone signed out, with the session when signed in", async () => {
    const s = store();
    const shop = { userId: 3, nickname: 'Shop 3', ads: [] };
    await saveLegal(s, 'legal/merchant', { userId: '3' }, null, shop, 1);
    await s.setSession('tok', user);
    await saveLegal(s, 'legal/merchant', { userId: '3' }, user.id, shop, 2);
    expect((await loadLegal(s, 'legal/merchant', { userId: '3' }, user.id))?.cachedAt).toBe(2);

    await s.setSession(null, null);

    expect(await loadLegal(s, 'legal/merchant', { userId: '3' }, user.id)).toBeNull();
    expect((await loadLegal(s, 'legal/merchant', { userId: '3' }, null))?.data).toEqual(shop);
  });
});
