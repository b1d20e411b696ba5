// Every ending of a fiat order, on a sell ad and on a buy ad, with every party's `legal` balance
// (available and frozen), the house's fee and the ad's remaining quantity after each step. Written
// for mutation testing of server/legal/escrow.ts and order-service.ts (docs/mutation.md): each
// expectation pins one money move a plausible slip would change.
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/http/app-error';
import { COIN, MERCHANT, T0, TERMS, USER, legalHarness } from './legal-harness';

type Harness = Awaited<ReturnType<typeof legalHarness>>;
const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.db.close();
});
async function setup(terms = TERMS): Promise<Harness> {
  const h = await legalHarness(terms);
  open.push(h);
  return h;
}

/** The error key (and field) a call fails with. */
async function failure(
  fn: () => Promise<unknown>,
): Promise<{ key: string; field: string | undefined; kind: string }> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, field: err.field, kind: err.kind };
    throw err;
  }
  throw new Error('expected a failure');
}

describe('an order on a sell ad (the user buys from the merchant)', () => {
  it('takes by quantity: no new freeze, the ad shrinks, the taker fee is fixed on the order', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    expect(o).toMatchObject({
      buyerId: USER,
      sellerId: MERCHANT,
      merchantId: MERCHANT,
      userId: USER,
      qty: 10 * Number(COIN),
      amount: 7000, // 10 × 7.00 CNY, in cents
      fee: 20_000_000, // 2 % taker fee of 10 USDT
      status: 'pending',
      payDeadline: T0 + 10 * 60_000,
    });
    expect(await h.remaining(adId)).toBe(90 * Number(COIN));
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 100n * COIN });
    expect(await h.bal(USER)).toEqual({ available: 0n, frozen: 0n });
    expect((await h.store.events(o.id)).map((e) => [e.kind, e.role])).toEqual([['created', 'buyer']]);
    expect(JSON.parse((await h.store.events(o.id))[0]!.detail)).toEqual({ by: 'qty', value: '10' });
  });

  it('takes by amount: the quantity the amount buys, floored to the coin, and its exact cost', async () => {
    const h = await setup();
    const adId = await h.ad('sell', { priceCents: 300 });
    // 10.00 CNY at 3.00 buys 3.333… USDT: 3.33 at USDT's 2 P2P decimals, costing 9.99.
    const o = await h.orders.take(USER, { adId, by: 'amount', value: '10' });
    expect(o.qty).toBe(333_000_000);
    expect(o.amount).toBe(999);
  });

  it('release: the seller’s frozen coin goes to the buyer less the fee, the fee to the house', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    expect(await h.orders.pay(USER, o.id, ' ref-1 ')).toMatchObject({ status: 'paid', payRef: 'ref-1' });
    expect((await h.store.order(o.id))!.payRef).toBe('ref-1');
    h.clock.now += 1000;
    expect(await h.orders.release(MERCHANT, o.id)).toMatchObject({
      status: 'completed',
      updatedAt: T0 + 1000,
    });
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 90n * COIN });
    expect(await h.bal(USER)).toEqual({ available: 980_000_000n, frozen: 0n });
    expect(await h.house()).toBe(20_000_000n);
    expect(await h.remaining(adId)).toBe(90 * Number(COIN));
    expect((await h.store.events(o.id)).map((e) => e.kind)).toEqual(['created', 'paid', 'released']);
    expect(JSON.parse((await h.store.events(o.id))[1]!.detail)).toEqual({ reference: 'ref-1' });
    expect((await h.store.events(o.id))[2]).toMatchObject({ actor: `user:${MERCHANT}`, role: 'seller' });
    expect(await h.violations()).toEqual([]);
  });

  it('cancel by the buyer: the quantity goes back to the published ad and stays frozen for it', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    expect((await h.orders.cancel(USER, o.id)).status).toBe('cancelled');
    expect(await h.remaining(adId)).toBe(100 * Number(COIN));
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 100n * COIN });
    expect(await h.house()).toBe(0n);
    expect(await h.orders.cancelsToday(USER)).toEqual({ count: 1, left: 2 });
    expect(await h.orders.cancelsToday(MERCHANT)).toEqual({ count: 0, left: 3 });
  });

  it('cancel after the ad was withdrawn: the quantity is unfrozen to the merchant', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    h.setAdStatus(adId, 'withdrawn');
    await h.orders.cancel(USER, o.id);
    expect(await h.bal(MERCHANT)).toEqual({ available: 10n * COIN, frozen: 90n * COIN });
    expect(await h.remaining(adId)).toBe(90 * Number(COIN));
    expect(await h.violations()).toEqual([]);
  });

  it('a paused ad keeps the quantity like an online one', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    h.setAdStatus(adId, 'paused');
    await h.orders.cancel(USER, o.id);
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 100n * COIN });
    expect(await h.remaining(adId)).toBe(100 * Number(COIN));
  });

  it('expiry: only once the deadline has come, counted as the buyer’s cancellation', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    h.clock.now = o.payDeadline - 1;
    expect(await h.orders.expire(o.id)).toBeNull();
    expect((await h.store.order(o.id))!.status).toBe('pending');
    h.clock.now = o.payDeadline;
    expect(await h.orders.expire(o.id)).toMatchObject({ status: 'cancelled' });
    expect(await h.orders.expire(o.id)).toBeNull();
    expect(await h.remaining(adId)).toBe(100 * Number(COIN));
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 100n * COIN });
    expect((await h.orders.cancelsToday(USER)).count).toBe(1);
    expect((await h.store.events(o.id)).map((e) => [e.kind, e.role, e.actor])).toContainEqual([
      'expired',
      'system',
      'system',
    ]);
    expect(await h.orders.expire(9999)).toBeNull();
  });

  it('a paid order does not expire, and cannot be paid after its deadline', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const a = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    await h.orders.pay(USER, a.id, 'r');
    const b = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    h.clock.now = b.payDeadline;
    expect(await h.orders.expire(a.id)).toBeNull();
    expect((await failure(() => h.orders.pay(USER, b.id, 'r'))).key).toBe('legalOrderState');
    h.clock.now = b.payDeadline - 1;
    expect((await h.orders.pay(USER, b.id, 'r')).status).toBe('paid');
  });

  it('the operator releases or returns an appealed order', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const a = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    const b = await h.orders.take(USER, { adId, by: 'qty', value: '20' });
    for (const o of [a, b]) {
      await h.orders.pay(USER, o.id, 'r');
      await h.orders.appeal(USER, o.id, ' not released ', '');
    }
    expect((await h.orders.decide('ops', a.id, 'release', false, '')).status).toBe('completed');
    expect(await h.bal(USER)).toEqual({ available: 980_000_000n, frozen: 0n });
    expect((await h.orders.decide('ops', b.id, 'return', false, 'paid nothing')).status).toBe('withdrawn');
    // Returned to the online ad: 70 remaining + 20, still frozen; the released 10 left the merchant.
    expect(await h.remaining(adId)).toBe(90 * Number(COIN));
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 90n * COIN });
    expect(await h.house()).toBe(20_000_000n);
    expect(await h.store.appeal(a.id)).toMatchObject({
      status: 'decided',
      outcome: 'release',
      decidedBy: 'ops',
    });
    expect(await h.store.appeal(b.id)).toMatchObject({ status: 'decided', outcome: 'return' });
    expect(await h.store.freeze(USER)).toBeUndefined();
    expect(await h.violations()).toEqual([]);
  });
});

describe('an order on a buy ad (the user sells to the merchant)', () => {
  async function sold(value = '10') {
    const h = await setup();
    await h.grant(USER, 50n * COIN);
    const adId = await h.ad('buy');
    const o = await h.orders.take(USER, { adId, by: 'qty', value });
    return { h, adId, o };
  }

  it('take: the user’s coin is frozen in escrow and the maker fee is fixed on the order', async () => {
    const { h, adId, o } = await sold();
    expect(o).toMatchObject({ buyerId: MERCHANT, sellerId: USER, fee: 10_000_000 }); // 1 % of 10
    expect(await h.bal(USER)).toEqual({ available: 40n * COIN, frozen: 10n * COIN });
    expect(await h.remaining(adId)).toBe(90 * Number(COIN));
    expect((await h.store.events(o.id))[0]).toMatchObject({
      kind: 'created',
      role: 'seller',
      actor: `user:${USER}`,
    });
  });

  it('take beyond the user’s balance is refused as insufficient, leaving nothing behind', async () => {
    const { h, adId } = await sold();
    expect(await failure(() => h.orders.take(USER, { adId, by: 'qty', value: '41' }))).toMatchObject({
      key: 'insufficientBalance',
      field: 'amount',
    });
    expect(await h.remaining(adId)).toBe(90 * Number(COIN));
    expect(await h.bal(USER)).toEqual({ available: 40n * COIN, frozen: 10n * COIN });
  });

  it('release: the user’s escrow goes to the merchant less the fee', async () => {
    const { h, o } = await sold();
    await h.orders.pay(MERCHANT, o.id, 'wire');
    await h.orders.release(USER, o.id);
    expect(await h.bal(USER)).toEqual({ available: 40n * COIN, frozen: 0n });
    expect(await h.bal(MERCHANT)).toEqual({ available: 990_000_000n, frozen: 0n });
    expect(await h.house()).toBe(10_000_000n);
  });

  it.each([
    ['the merchant cancels', (h: Harness, id: number) => h.orders.cancel(MERCHANT, id)],
    [
      'the payment window expires',
      (h: Harness, id: number) => {
        h.clock.now += 10 * 60_000;
        return h.orders.expire(id);
      },
    ],
  ])('%s: the escrow is unfrozen to the user while the ad stays online', async (_name, end) => {
    const { h, adId, o } = await sold();
    await end(h, o.id);
    expect(await h.bal(USER)).toEqual({ available: 50n * COIN, frozen: 0n });
    expect(await h.remaining(adId)).toBe(100 * Number(COIN));
    expect((await h.orders.cancelsToday(MERCHANT)).count).toBe(1);
    expect(await h.violations()).toEqual([]);
  });

  it('the operator returns the coin to the user; with fraud the buyer is frozen', async () => {
    const { h, o } = await sold();
    await h.orders.pay(MERCHANT, o.id, 'wire');
    await h.orders.appeal(USER, o.id, 'no money arrived', '');
    expect((await h.orders.decide('ops', o.id, 'return', true, '')).status).toBe('abnormal');
    expect(await h.bal(USER)).toEqual({ available: 50n * COIN, frozen: 0n });
    expect(await h.bal(MERCHANT)).toEqual({ available: 0n, frozen: 0n });
    expect(await h.store.freeze(MERCHANT)).toMatchObject({ reason: 'maliciousConfirmation', orderId: o.id });
    expect((await failure(() => h.orders.requireNotFrozen(MERCHANT))).key).toBe('legalFrozen');
    const decided = (await h.store.events(o.id)).at(-1)!;
    expect(decided).toMatchObject({ kind: 'decided', role: 'operator', actor: 'operator:ops' });
    expect(JSON.parse(decided.detail)).toEqual({ outcome: 'return', fraud: true });
    const journal = h.sqlite.prepare('select * from ops_actions').all() as Array<Record<string, unknown>>;
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({
      operator: 'ops',
      action: 'legal.appeal.decide',
      target_type: 'legal_orders',
      target_id: String(o.id),
    });
    expect(JSON.parse(journal[0]!.detail as string)).toEqual({
      outcome: 'return',
      fraud: true,
      buyerId: MERCHANT,
      sellerId: USER,
    });
    // The audit trail's states around the decision: the order and its appeal before and after.
    expect(JSON.parse(journal[0]!.before as string)).toEqual({ status: 'appeal', appeal: 'open' });
    expect(JSON.parse(journal[0]!.after as string)).toEqual({
      status: 'abnormal',
      appeal: 'decided',
      outcome: 'return',
      fraud: true,
    });
  });

  it('a fraud freeze keeps the operator’s note as its reason', async () => {
    const { h, o } = await sold();
    await h.orders.pay(MERCHANT, o.id, 'wire');
    await h.orders.appeal(MERCHANT, o.id, 'seller silent', '');
    await h.orders.decide('ops', o.id, 'return', true, 'fake receipt');
    expect((await h.store.freeze(MERCHANT))!.reason).toBe('fake receipt');
    expect(JSON.parse((await h.store.events(o.id)).at(-1)!.detail)).toEqual({
      outcome: 'return',
      fraud: true,
      note: 'fake receipt',
    });
  });

  it('the seller may release an appealed order, which decides the appeal', async () => {
    const { h, o } = await sold();
    await h.orders.pay(MERCHANT, o.id, 'wire');
    await h.orders.appeal(MERCHANT, o.id, 'release please', '');
    h.clock.now += 5;
    await h.orders.release(USER, o.id);
    expect(await h.store.appeal(o.id)).toMatchObject({
      status: 'decided',
      outcome: 'release',
      decidedBy: 'seller',
      decidedAt: T0 + 5,
    });
    expect((await h.bal(MERCHANT)).available).toBe(990_000_000n);
  });
});

describe('what taking an ad refuses', () => {
  it('unknown, own, offline, expired or frozen-merchant ads', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    expect((await failure(() => h.orders.take(USER, { adId: 999, by: 'qty', value: '1' }))).key).toBe(
      'notFound',
    );
    expect(
      (await failure(() => h.orders.take(USER, { adId: String(adId), by: 'qty', value: '1' }))).key,
    ).toBe('notFound');
    expect(await failure(() => h.orders.take(MERCHANT, { adId, by: 'qty', value: '1' }))).toMatchObject({
      key: 'legalOwnAd',
      field: 'adId',
    });
    const paused = await h.ad('sell', { status: 'paused' });
    expect((await failure(() => h.orders.take(USER, { adId: paused, by: 'qty', value: '1' }))).key).toBe(
      'legalAdNotOnline',
    );
    const expiring = await h.ad('sell', { expiresAt: T0 + 1 });
    expect((await h.orders.take(USER, { adId: expiring, by: 'qty', value: '1' })).qty).toBe(Number(COIN));
    h.clock.now = T0 + 1;
    expect((await failure(() => h.orders.take(USER, { adId: expiring, by: 'qty', value: '1' }))).key).toBe(
      'legalAdNotOnline',
    );
    h.sqlite
      .prepare(
        `insert into legal_freezes (user_id, reason, created_by, created_at) values (?, 'x', 'ops', 0)`,
      )
      .run(MERCHANT);
    expect((await failure(() => h.orders.take(USER, { adId, by: 'qty', value: '1' }))).key).toBe(
      'legalAdNotOnline',
    );
  });

  it('a frozen taker', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    h.sqlite
      .prepare(
        `insert into legal_freezes (user_id, reason, created_by, created_at) values (?, 'x', 'ops', 0)`,
      )
      .run(USER);
    expect((await failure(() => h.orders.take(USER, { adId, by: 'qty', value: '1' }))).key).toBe(
      'legalFrozen',
    );
  });

  it('a bad `by`, a malformed value, amounts outside the ad’s limits or beyond what remains', async () => {
    const h = await setup();
    const adId = await h.ad('sell', { qty: 200n * COIN });
    const take = (by: string, value: string) => () => h.orders.take(USER, { adId, by: by as 'qty', value });
    expect(await failure(take('price', '1'))).toMatchObject({ key: 'badRequest', field: 'by' });
    expect(await failure(take('qty', '1e3'))).toMatchObject({ key: 'amountFormat', field: 'value' });
    expect(await failure(take('qty', '0.001'))).toMatchObject({ key: 'legalOutsideLimits', field: 'value' });
    // 0.14 USDT at 7.00 is 0.98 CNY, below the 1.00 minimum; 0.15 is 1.05.
    expect((await failure(take('qty', '0.14'))).key).toBe('legalOutsideLimits');
    expect((await h.orders.take(USER, { adId, by: 'qty', value: '0.15' })).amount).toBe(105);
    // 1428.58 USDT at 7.00 is 10 000.06 CNY, above the maximum (checked before what the ad holds).
    expect((await failure(take('qty', '1428.58'))).key).toBe('legalOutsideLimits');
    expect((await failure(take('qty', '200'))).key).toBe('legalBeyondRemaining');
    expect((await h.orders.take(USER, { adId, by: 'qty', value: '199.85' })).qty).toBe(19_985_000_000);
    expect(await h.remaining(adId)).toBe(0);
    expect((await failure(take('amount', '1.05'))).key).toBe('legalBeyondRemaining');
  });

  it('the amount may be exactly the ad’s minimum or maximum', async () => {
    const h = await setup();
    const adId = await h.ad('sell', { qty: 20_000n * COIN, priceCents: 100 });
    expect((await h.orders.take(USER, { adId, by: 'amount', value: '1.00' })).amount).toBe(100);
    expect((await h.orders.take(USER, { adId, by: 'amount', value: '10000.00' })).amount).toBe(1_000_000);
  });

  it('a buyer past the day’s cancellations, until the next UTC day', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    for (let i = 0; i < 3; i++) {
      const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
      await h.orders.cancel(USER, o.id);
    }
    expect(await h.orders.cancelsToday(USER)).toEqual({ count: 3, left: 0 });
    expect((await failure(() => h.orders.take(USER, { adId, by: 'qty', value: '1' }))).key).toBe(
      'legalCancelLimit',
    );
    // Selling is not restricted by the buyer's cancellations.
    await h.grant(USER, COIN);
    const buyAd = await h.ad('buy');
    expect((await h.orders.take(USER, { adId: buyAd, by: 'qty', value: '1' })).sellerId).toBe(USER);
    h.clock.now = Date.UTC(2026, 2, 11);
    expect((await h.orders.take(USER, { adId, by: 'qty', value: '1' })).status).toBe('pending');
  });

  it('cancellations beyond the limit (orders taken before it) still leave none to spend', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await h.orders.take(USER, { adId, by: 'qty', value: '1' }));
    for (const o of taken) await h.orders.cancel(USER, o.id);
    expect(await h.orders.cancelsToday(USER)).toEqual({ count: 4, left: 0 });
    expect((await failure(() => h.orders.take(USER, { adId, by: 'qty', value: '1' }))).key).toBe(
      'legalCancelLimit',
    );
  });

  it('no payment method the ad accepts: the seller is sent to add one, a buyer sees the ad offline', async () => {
    const h = await setup();
    h.sqlite.prepare('delete from legal_methods').run();
    await h.grant(USER, COIN);
    const buyAd = await h.ad('buy');
    expect(await failure(() => h.orders.take(USER, { adId: buyAd, by: 'qty', value: '1' }))).toMatchObject({
      kind: 'paymentInfo',
      key: 'legalMethodRequired',
    });
    const sellAd = await h.ad('sell');
    expect((await failure(() => h.orders.take(USER, { adId: sellAd, by: 'qty', value: '1' }))).key).toBe(
      'legalAdNotOnline',
    );
  });

  it('the order keeps only the seller’s methods the ad accepts', async () => {
    const h = await setup();
    h.sqlite
      .prepare(
        `insert into legal_methods (user_id, kind, real_name, bank, card_number, account, nickname, qr_id,
           updated_at) values (?, 'alipay', 'Name', '', '', 'acc', '', '', 0)`,
      )
      .run(MERCHANT);
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    expect((JSON.parse(o.payee) as Array<{ kind: string }>).map((m) => m.kind)).toEqual(['bank']);
  });

  it('zero fee rates charge nothing', async () => {
    const h = await setup({ ...TERMS, makerFee: '0', takerFee: '0' });
    const adId = await h.ad('sell');
    expect((await h.orders.take(USER, { adId, by: 'qty', value: '10' })).fee).toBe(0);
  });

  it('the quantity is floored to the coin’s P2P decimals, and an unknown coin has 8', async () => {
    const h = await setup();
    expect(h.orders.decimalsOf('USDT')).toBe(2);
    expect(h.orders.decimalsOf('DOGE')).toBe(8);
    const adId = await h.ad('sell');
    expect((await h.orders.take(USER, { adId, by: 'qty', value: '1.239' })).qty).toBe(123_000_000);
  });
});

describe('order commands refuse the wrong party, state or text', () => {
  it('only a party sees or moves the order, each in its own role', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    expect((await h.orders.own(USER, o.id)).role).toBe('buyer');
    expect((await h.orders.own(MERCHANT, o.id)).role).toBe('seller');
    expect((await failure(() => h.orders.own(3, o.id))).key).toBe('notFound');
    expect((await failure(() => h.orders.own(USER, 999))).key).toBe('notFound');
    // The seller cannot pay or cancel, the buyer cannot release.
    expect((await failure(() => h.orders.pay(MERCHANT, o.id, 'r'))).key).toBe('legalOrderState');
    expect((await failure(() => h.orders.cancel(MERCHANT, o.id))).key).toBe('legalOrderState');
    await h.orders.pay(USER, o.id, 'r');
    expect((await failure(() => h.orders.release(USER, o.id))).key).toBe('legalOrderState');
    expect(await h.bal(USER)).toEqual({ available: 0n, frozen: 0n });
  });

  it('a payment reference is required and at most 64 characters', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    expect(await failure(() => h.orders.pay(USER, o.id, '   '))).toMatchObject({
      key: 'required',
      field: 'reference',
    });
    expect(await failure(() => h.orders.pay(USER, o.id, 'x'.repeat(65)))).toMatchObject({
      key: 'textTooLong',
      field: 'reference',
    });
    expect((await h.store.order(o.id))!.status).toBe('pending');
    expect((await h.orders.pay(USER, o.id, '好'.repeat(64))).status).toBe('paid');
  });

  it('a frozen buyer cannot mark paid', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    h.sqlite
      .prepare(
        `insert into legal_freezes (user_id, reason, created_by, created_at) values (?, 'x', 'ops', 0)`,
      )
      .run(USER);
    expect((await failure(() => h.orders.pay(USER, o.id, 'r'))).key).toBe('legalFrozen');
  });

  it('an appeal needs a reason of at most 500 characters and at most 6 own evidence images', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    await h.orders.pay(USER, o.id, 'r');
    const appeal =
      (reason: string, evidence = '') =>
      () =>
        h.orders.appeal(USER, o.id, reason, evidence);
    expect(await failure(appeal(' '))).toMatchObject({ key: 'required', field: 'reason' });
    expect(await failure(appeal('x'.repeat(501)))).toMatchObject({ key: 'textTooLong', field: 'reason' });
    const ids = Array.from({ length: 7 }, (_, i) => i.toString(16).padStart(32, '0'));
    expect(await failure(appeal('why', ids.join(',')))).toMatchObject({
      key: 'badRequest',
      field: 'evidence',
    });
    expect(await failure(appeal('why', ids[0]!))).toMatchObject({ key: 'uploadRequired', field: 'evidence' });
    const up = h.sqlite.prepare(
      `insert into uploads (id, user_id, mime, size, sha256, created_at) values (?, ?, 'image/png', 1, '', 0)`,
    );
    for (const id of ids.slice(0, 6)) up.run(id, USER);
    const moved = await h.orders.appeal(USER, o.id, 'x'.repeat(500), ` ${ids[0]}, ${ids[1]},${ids[0]},, `);
    expect(moved.status).toBe('appeal');
    const a = (await h.store.appeal(o.id))!;
    expect(a).toMatchObject({ openedBy: 'buyer', status: 'open' });
    expect(JSON.parse(a.evidence)).toEqual([ids[0], ids[1]]);
    const kept = h.sqlite.prepare('select upload_id, purpose from legal_images order by upload_id').all();
    expect(kept).toEqual([
      { upload_id: ids[0], purpose: 'evidence' },
      { upload_id: ids[1], purpose: 'evidence' },
    ]);
    // Exactly six images are allowed (the seller's appeal of another order).
    const other = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    await h.orders.pay(USER, other.id, 'r');
    expect((await h.orders.appeal(USER, other.id, 'why', ids.slice(0, 6).join(','))).status).toBe('appeal');
    expect(JSON.parse((await h.store.appeal(other.id))!.evidence)).toHaveLength(6);
  });

  it('the operator’s decision: a known order, release or return, fraud only with return, in appeal only', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '1' });
    expect((await failure(() => h.orders.decide('ops', 999, 'release', false, ''))).key).toBe('notFound');
    expect(await failure(() => h.orders.decide('ops', o.id, 'keep', false, ''))).toMatchObject({
      key: 'badRequest',
      field: 'outcome',
    });
    expect(await failure(() => h.orders.decide('ops', o.id, 'release', true, ''))).toMatchObject({
      key: 'badRequest',
      field: 'fraud',
    });
    expect((await failure(() => h.orders.decide('ops', o.id, 'release', false, ''))).key).toBe(
      'legalOrderState',
    );
    expect(await h.bal(USER)).toEqual({ available: 0n, frozen: 0n });
  });
});
