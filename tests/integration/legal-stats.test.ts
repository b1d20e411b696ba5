import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantInfo } from '../../domain/legal';
import { dataOf, fund, violations } from '../support/assets';
import { opsCall } from '../support/bank';
import {
  addBank,
  as,
  merchant,
  person,
  publish,
  startLegalServer,
  take,
  type LegalServer,
} from '../support/legal';

let server: LegalServer;
beforeAll(async () => {
  server = await startLegalServer();
});
afterAll(() => server?.close());

describe('merchant statistics from the timelines', () => {
  it('completion = completed ÷ (completed + merchant-side cancels + lost appeals); median release; 30-day window', async () => {
    const { origin, dataDir, clock } = server;
    const m = await merchant(origin, dataDir, '1000');
    const sell = await publish(origin, m, { total: '500' });
    const buy = await publish(origin, m, { side: 'buy', total: '100' });
    const u = await person(origin);
    await addBank(origin, u, 'Han Mei');
    await fund(dataDir, u.id, 'USDT', '100', 'legal');
    const paid = async (qty: string) => {
      const o = await take(origin, u, sell.id, 'qty', qty);
      dataOf(await as(origin, u, 'legal/pay', { id: o.id, reference: 'R' }));
      return o;
    };
    // Two releases, after 60 s and 180 s.
    const o1 = await paid('10');
    clock.advance(60_000);
    dataOf(await as(origin, m, 'legal/release', { id: o1.id }));
    const o2 = await paid('10');
    clock.advance(180_000);
    dataOf(await as(origin, m, 'legal/release', { id: o2.id }));
    // An appeal the merchant (seller) loses: the operator releases to the buyer.
    const o3 = await paid('10');
    dataOf(await as(origin, u, 'legal/appeal', { id: o3.id, reason: 'not released' }));
    await opsCall(origin, 'POST', 'legal/appeals/decide', { orderId: o3.id, outcome: 'release' });
    // The merchant, buying on its buy ad, cancels: against it. The user cancelling a purchase: not.
    const o4 = await take(origin, u, buy.id, 'qty', '10');
    dataOf(await as(origin, m, 'legal/cancel', { id: o4.id }));
    const o5 = await take(origin, u, sell.id, 'qty', '10');
    dataOf(await as(origin, u, 'legal/cancel', { id: o5.id }));

    const stats = async () =>
      dataOf<MerchantInfo>(await as(origin, null, 'legal/merchant', { userId: m.id })).stats;
    expect(await stats()).toEqual({
      orders30d: 5,
      completedTotal: 3,
      ordersTotal: 5,
      completionRate30d: '0.5000',
      medianReleaseSec30d: 60,
    });
    clock.advance(31 * 24 * 3_600_000);
    expect(await stats()).toEqual({
      orders30d: 0,
      completedTotal: 3,
      ordersTotal: 5,
      completionRate30d: null,
      medianReleaseSec30d: null,
    });
    expect(await violations(dataDir)).toEqual([]);
  });
});
