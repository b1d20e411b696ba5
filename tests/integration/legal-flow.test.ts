import { describe, expect, it } from 'vitest';
import type { LegalAd, LegalMe, LegalOrder } from '../../domain/legal';
import { dataOf, fund } from '../support/assets';
import { opsCall } from '../support/bank';
import { verifyIdentity } from '../support/identity';
import {
  addBank,
  as,
  legalBalance,
  merchant,
  person,
  publish,
  startLegalServer,
  take,
  U,
  until,
  watchLegal,
} from '../support/legal';
import { checkedServer } from '../support/suite';

const env = checkedServer(() => startLegalServer());

describe('a user buys from a merchant sell ad', () => {
  it('freezes on publish, takes by amount, pays, releases; both sides see each state live', async () => {
    const m = await merchant(env.origin, env.server.dataDir, '1000');
    const ad = await publish(env.origin, m);
    expect(ad).toMatchObject({ side: 'sell', price: '7.00', min: '10.00', max: '7000.00', total: '500.00' });
    expect(await legalBalance(env.server.dataDir, m.id)).toEqual({ available: U('500'), frozen: U('500') });

    const u = await person(env.origin);
    const hall = dataOf<LegalAd[]>(
      await as(env.origin, null, 'legal/ads', { side: 'buy', coin: 'USDT', currency: 'CNY' }),
    );
    expect(hall.map((a) => a.id)).toContain(ad.id);

    const wu = await watchLegal(env.origin, u);
    const wm = await watchLegal(env.origin, m);
    // 100 CNY at 7.00 = 14.2857… USDT, floored to 14.28 USDT, which costs 99.96 CNY.
    const order = await take(env.origin, u, ad.id, 'amount', '100');
    expect(order).toMatchObject({
      role: 'buyer',
      status: 'pending',
      qty: '14.28',
      amount: '99.96',
      price: '7.00',
    });
    expect(order.payDeadline - order.createdAt).toBe(10 * 60_000);
    expect(order.payee?.[0]).toMatchObject({
      kind: 'bank',
      realName: 'Merchant Wang',
      cardNumber: '6222020000001234',
    });
    const adAfter = dataOf<LegalAd>(await as(env.origin, null, 'legal/ad', { id: ad.id }));
    expect(adAfter.remaining).toBe('485.72');

    const paid = dataOf<LegalOrder>(
      await as(env.origin, u, 'legal/pay', { id: order.id, reference: 'TX-778' }),
    );
    expect(paid).toMatchObject({ status: 'paid', payRef: 'TX-778' });
    // The buyer cannot release their own purchase; the seller does.
    expect((await as(env.origin, u, 'legal/release', { id: order.id })).body.key).toBe('legalOrderState');
    const done = dataOf<LegalOrder>(await as(env.origin, m, 'legal/release', { id: order.id }));
    expect(done).toMatchObject({ status: 'completed', role: 'seller', asMerchant: true });
    expect(done.timeline.map((e) => [e.role, e.kind])).toEqual([
      ['buyer', 'created'],
      ['buyer', 'paid'],
      ['seller', 'released'],
    ]);
    expect(await legalBalance(env.server.dataDir, u.id)).toEqual({ available: U('14.28'), frozen: 0n });
    expect(await legalBalance(env.server.dataDir, m.id)).toEqual({
      available: U('500'),
      frozen: U('485.72'),
    });

    await until(() => wu.orders.length >= 3 && wm.orders.length >= 3);
    expect(wu.orders.map((o) => o.status)).toEqual(['pending', 'paid', 'completed']);
    expect(wm.orders.map((o) => [o.status, o.role])).toEqual([
      ['pending', 'seller'],
      ['paid', 'seller'],
      ['completed', 'seller'],
    ]);
    wu.close();
    wm.close();

    // Statistics come from the timeline: one completed order, one release.
    const store = dataOf<{
      stats: { completionRate30d: string; orders30d: number; medianReleaseSec30d: number };
    }>(await as(env.origin, null, 'legal/merchant', { userId: m.id }));
    expect(store.stats).toMatchObject({ completionRate30d: '1.0000', orders30d: 1, medianReleaseSec30d: 0 });

    // The ledger names the order on the release.
    const lines = dataOf<Array<{ kind: string; refType: string; refId: string }>>(
      await as(env.origin, u, 'assets/journal', { account: 'legal' }),
    );
    expect(lines[0]).toMatchObject({
      kind: 'legal.release',
      refType: 'legal_orders',
      refId: String(order.id),
    });

    // Withdrawing the ad unfreezes what was not taken.
    dataOf(await as(env.origin, m, 'legal/adWithdraw', { id: ad.id }));
    expect(await legalBalance(env.server.dataDir, m.id)).toEqual({ available: U('985.72'), frozen: 0n });
  });
});

describe('a user sells to a merchant buy ad', () => {
  it('freezes the user coin as escrow, the merchant pays, the user releases', async () => {
    const m = await merchant(env.origin, env.server.dataDir, '0');
    const ad = await publish(env.origin, m, {
      side: 'buy',
      price: '7.10',
      total: '300',
      methods: 'alipay,bank',
    });
    const u = await person(env.origin);
    await fund(env.server.dataDir, u.id, 'USDT', '100', 'legal');
    // Selling needs a way to be paid: 997 sends the user to payment info.
    const refused = await as(env.origin, u, 'legal/take', { adId: ad.id, by: 'qty', value: '20' });
    expect(refused.body).toMatchObject({ code: 997, key: 'legalMethodRequired' });
    dataOf(
      await as(env.origin, u, 'legal/methodSave', {
        kind: 'alipay',
        realName: 'Han Mei',
        account: 'han@pay',
      }),
    );

    const order = await take(env.origin, u, ad.id, 'qty', '20.009');
    expect(order).toMatchObject({ role: 'seller', qty: '20.00', amount: '142.00', status: 'pending' });
    expect(order.payee?.map((p) => p.kind)).toEqual(['alipay']);
    expect(await legalBalance(env.server.dataDir, u.id)).toEqual({ available: U('80'), frozen: U('20') });

    const mOrder = dataOf<LegalOrder>(await as(env.origin, m, 'legal/order', { id: order.id }));
    expect(mOrder).toMatchObject({ role: 'buyer', asMerchant: true });
    expect(mOrder.payee?.[0]).toMatchObject({ account: 'han@pay' });
    dataOf(await as(env.origin, m, 'legal/pay', { id: order.id, reference: 'ALI-1' }));
    // Cancelling after paid is refused.
    expect((await as(env.origin, m, 'legal/cancel', { id: order.id })).body.key).toBe('legalOrderState');
    dataOf(await as(env.origin, u, 'legal/release', { id: order.id }));
    expect(await legalBalance(env.server.dataDir, u.id)).toEqual({ available: U('80'), frozen: 0n });
    expect(await legalBalance(env.server.dataDir, m.id)).toEqual({ available: U('20'), frozen: 0n });
    const merchantOrders = dataOf<LegalOrder[]>(
      await as(env.origin, m, 'legal/orders', { asMerchant: true }),
    );
    expect(merchantOrders.map((o) => o.id)).toContain(order.id);
  });
});

describe('merchant applications', () => {
  it('needs KYC (998) and a payment method (997); the operator decides, journaled', async () => {
    const u = await person(env.origin);
    expect((await as(env.origin, u, 'legal/merchantApply', { nickname: 'A' })).body).toMatchObject({
      code: 998,
    });
    await verifyIdentity(env.origin, u.token);
    expect((await as(env.origin, u, 'legal/merchantApply', { nickname: 'A' })).body).toMatchObject({
      code: 997,
    });
    await addBank(env.origin, u);
    const me = dataOf<LegalMe>(await as(env.origin, u, 'legal/merchantApply', { nickname: 'A' }));
    expect(me.application?.status).toBe('review');
    expect((await as(env.origin, u, 'legal/merchantApply', { nickname: 'A' })).body.key).toBe(
      'legalApplyPending',
    );
    expect((await as(env.origin, u, 'legal/adSave', { side: 'sell' })).body.key).toBe('legalNotMerchant');
    const apps = await opsCall(env.origin, 'GET', 'legal/applications', { status: 'review' });
    const app = (apps.body.data as Array<{ id: number; userId: number }>).find((a) => a.userId === u.id)!;
    const rejected = await opsCall(
      env.origin,
      'POST',
      'legal/applications/reject',
      { id: app.id, reason: 'docs' },
      'dave',
    );
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decidedBy: 'dave', reason: 'docs' });
    const actions = await opsCall(env.origin, 'GET', 'actions');
    expect(actions.body.data[0]).toMatchObject({ operator: 'dave', action: 'legal.merchant.reject' });
    const after = dataOf<LegalMe>(await as(env.origin, u, 'legal/me'));
    expect(after).toMatchObject({ merchant: null, application: { status: 'rejected', reason: 'docs' } });
  });
});

describe('the hall', () => {
  it('lists sell ads cheapest first and buy ads highest first, in the chosen currency only', async () => {
    const prices = ['7.20', '7.00', '7.10'];
    const ms = await Promise.all(prices.map(() => merchant(env.origin, env.server.dataDir, '100')));
    for (const [i, m] of ms.entries()) {
      await publish(env.origin, m, { currency: 'HKD', price: prices[i]!, total: '10', min: '1', max: '70' });
      await publish(env.origin, m, {
        currency: 'HKD',
        side: 'buy',
        price: prices[i]!,
        total: '10',
        min: '1',
        max: '70',
      });
    }
    await publish(env.origin, ms[0]!, { currency: 'KRW', price: '6.00', total: '10', min: '1', max: '60' });
    const hall = async (side: 'buy' | 'sell') =>
      dataOf<LegalAd[]>(await as(env.origin, null, 'legal/ads', { side, coin: 'USDT', currency: 'HKD' })).map(
        (a) => a.price,
      );
    expect(await hall('buy')).toEqual(['7.00', '7.10', '7.20']);
    expect(await hall('sell')).toEqual(['7.20', '7.10', '7.00']);
  });
});
