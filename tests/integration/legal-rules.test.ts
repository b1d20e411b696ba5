import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LegalAd, LegalMe, LegalOrder } from '../../domain/legal';
import { dataOf, errorText, fund, violations } from '../support/assets';
import { opsCall } from '../support/bank';
import {
  as,
  legalBalance,
  legalState,
  merchant,
  person,
  PNG,
  publish,
  startLegalServer,
  take,
  U,
  type LegalServer,
  type Person,
} from '../support/legal';

let server: LegalServer;
let origin: string;
let m: Person;
let ad: LegalAd;
beforeAll(async () => {
  server = await startLegalServer();
  origin = server.origin;
  m = await merchant(origin, server.dataDir, '5000');
  ad = await publish(origin, m, { total: '2000' });
});
afterAll(() => server?.close());
afterEach(async () => {
  expect(await violations(server.dataDir)).toEqual([]);
});

const me = async (p: Person) => dataOf<LegalMe>(await as(origin, p, 'legal/me'));

describe('the payment deadline', () => {
  it('cancels an unpaid order at 10 minutes, returns the coin to the ad and counts a cancel', async () => {
    const u = await person(origin);
    const order = await take(origin, u, ad.id, 'qty', '10');
    const before = dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id })).remaining;
    server.clock.advance(10 * 60_000 - 1);
    expect(await server.legal.sweep()).toBe(0);
    server.clock.advance(1);
    expect(await server.legal.sweep()).toBe(1);
    const after = dataOf<LegalOrder>(await as(origin, u, 'legal/order', { id: order.id }));
    expect(after.status).toBe('cancelled');
    expect(after.payee).toBeNull();
    expect(after.timeline.at(-1)).toMatchObject({ role: 'system', kind: 'expired' });
    const remaining = dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id })).remaining;
    expect(Number(remaining) - Number(before)).toBe(10);
    expect((await me(u)).cancelsToday).toBe(1);
    // Paying after the deadline is refused.
    expect((await as(origin, u, 'legal/pay', { id: order.id, reference: 'x' })).body.key).toBe(
      'legalOrderState',
    );
  });
});

describe('three cancellations in a UTC day', () => {
  it('stops buying until the next UTC day', async () => {
    const u = await person(origin);
    for (let i = 0; i < 3; i++) {
      const o = await take(origin, u, ad.id, 'amount', '70');
      dataOf(await as(origin, u, 'legal/cancel', { id: o.id }));
      expect((await me(u)).cancelsLeft).toBe(2 - i);
    }
    const state = await legalState(server.dataDir);
    const refused = await as(origin, u, 'legal/take', { adId: ad.id, by: 'amount', value: '70' }, 'en');
    expect(refused.body).toMatchObject({
      code: 400,
      key: 'legalCancelLimit',
      msg: errorText('en', 'legalCancelLimit'),
    });
    expect(await legalState(server.dataDir)).toEqual(state);
    const now = server.clock.now();
    // The page disables buying until then and says when (issue 29): the next UTC midnight.
    expect((await me(u)).cancelsResetAt).toBe(now - (now % 86_400_000) + 86_400_000);
    server.clock.advance(86_400_000 - (now % 86_400_000) + 1);
    expect((await me(u)).cancelsLeft).toBe(3);
    await take(origin, u, ad.id, 'amount', '70');
  });
});

describe('appeals', () => {
  it('decided as release: the buyer gets the coin; the journal names the operator', async () => {
    const u = await person(origin);
    const o = await take(origin, u, ad.id, 'qty', '5');
    const noReason = await as(origin, u, 'legal/appeal', { id: o.id, reason: ' ' });
    expect(noReason.body.key).toBe('legalOrderState'); // not paid yet
    dataOf(await as(origin, u, 'legal/pay', { id: o.id, reference: 'R1' }));
    expect((await as(origin, u, 'legal/appeal', { id: o.id, reason: ' ' })).body).toMatchObject({
      key: 'required',
      field: 'reason',
    });
    const up = dataOf<{ id: string }>(
      await (
        await import('../support/api')
      ).callApi(origin, 'assets/upload', { mime: 'image/png', data: PNG }, { json: true, token: u.token }),
    );
    const appealed = dataOf<LegalOrder>(
      await as(origin, u, 'legal/appeal', { id: o.id, reason: 'Paid, not released', evidence: up.id }),
    );
    expect(appealed).toMatchObject({ status: 'appeal', appeal: { openedBy: 'buyer', evidence: [up.id] } });
    // The seller sees the evidence image through the order.
    const img = dataOf<{ data: string }>(await as(origin, m, 'legal/image', { orderId: o.id, id: up.id }));
    expect(img.data).toBe(PNG);
    const bad = await opsCall(origin, 'POST', 'legal/appeals/decide', { orderId: o.id, outcome: 'maybe' });
    expect(bad.body.key).toBe('badRequest');
    const decided = await opsCall(
      origin,
      'POST',
      'legal/appeals/decide',
      { orderId: o.id, outcome: 'release' },
      'erin',
    );
    expect(decided.body.data.status).toBe('completed');
    expect((await legalBalance(server.dataDir, u.id)).available).toBe(U('5'));
    const view = dataOf<LegalOrder>(await as(origin, m, 'legal/order', { id: o.id }));
    expect(view.appeal).toMatchObject({ status: 'decided', outcome: 'release' });
    expect(view.timeline.at(-1)).toMatchObject({
      role: 'operator',
      kind: 'decided',
      detail: { outcome: 'release' },
    });
    const actions = await opsCall(origin, 'GET', 'actions');
    expect(actions.body.data[0]).toMatchObject({
      operator: 'erin',
      action: 'legal.appeal.decide',
      targetId: String(o.id),
    });
    // Deciding twice is refused.
    const again = await opsCall(origin, 'POST', 'legal/appeals/decide', { orderId: o.id, outcome: 'return' });
    expect(again.body.key).toBe('legalOrderState');
  });

  it('decided as return with fraud: coin back to the seller, the buyer frozen until an operator lifts it', async () => {
    const u = await person(origin);
    const o = await take(origin, u, ad.id, 'qty', '5');
    const before = dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id })).remaining;
    dataOf(await as(origin, u, 'legal/pay', { id: o.id, reference: 'fake' }));
    dataOf(await as(origin, m, 'legal/appeal', { id: o.id, reason: 'No money arrived' }));
    const d = await opsCall(origin, 'POST', 'legal/appeals/decide', {
      orderId: o.id,
      outcome: 'return',
      fraud: 'true',
      note: 'marked paid without paying',
    });
    expect(d.body.data.status).toBe('abnormal');
    const remaining = dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id })).remaining;
    expect(Number(remaining) - Number(before)).toBe(5);
    const frozen = await me(u);
    expect(frozen.freeze).toMatchObject({ reason: 'marked paid without paying', orderId: o.id });
    expect((await as(origin, u, 'legal/take', { adId: ad.id, by: 'qty', value: '5' })).body.key).toBe(
      'legalFrozen',
    );
    const lift = await opsCall(
      origin,
      'POST',
      'legal/freezes/lift',
      { id: frozen.freeze!.id, reason: 'paid later' },
      'frank',
    );
    expect(lift.body.data).toMatchObject({ liftedBy: 'frank' });
    expect((await me(u)).freeze).toBeNull();
    await take(origin, u, ad.id, 'qty', '5');
  });
});

describe('bad input changes nothing', () => {
  it('refuses each with its key and leaves every row as it was', async () => {
    const u = await person(origin);
    const other = await person(origin);
    await fund(server.dataDir, u.id, 'USDT', '50', 'legal');
    const o = await take(origin, u, ad.id, 'qty', '2');
    await server.legal.sweep();
    const state = await legalState(server.dataDir);
    const cases: Array<[Person, Parameters<typeof as>[2], Record<string, string | number>, string]> = [
      [m, 'legal/take', { adId: ad.id, by: 'qty', value: '5' }, 'legalOwnAd'],
      [u, 'legal/take', { adId: ad.id, by: 'amount', value: '9.99' }, 'legalOutsideLimits'],
      [u, 'legal/take', { adId: ad.id, by: 'amount', value: '7100' }, 'legalOutsideLimits'],
      [u, 'legal/take', { adId: ad.id, by: 'amount', value: '-5' }, 'amountFormat'],
      [u, 'legal/take', { adId: ad.id, by: 'amount', value: '1e3' }, 'amountFormat'],
      [u, 'legal/take', { adId: ad.id, by: 'weight', value: '5' }, 'badRequest'],
      [
        u,
        'legal/adSave',
        {
          side: 'sell',
          coin: 'USDT',
          currency: 'CNY',
          price: '7',
          min: '1',
          max: '2',
          total: '1',
          methods: 'bank',
        },
        'legalNotMerchant',
      ],
      [
        m,
        'legal/adSave',
        {
          side: 'sell',
          coin: 'USDT',
          currency: 'CNY',
          price: '7',
          min: '100',
          max: '50',
          total: '1',
          methods: 'bank',
        },
        'storeMaxBelowMin',
      ],
      [
        m,
        'legal/adSave',
        {
          side: 'sell',
          coin: 'USDT',
          currency: 'CNY',
          price: '7.001',
          min: '1',
          max: '50',
          total: '1',
          methods: 'bank',
        },
        'legalPriceFormat',
      ],
      [
        m,
        'legal/adSave',
        {
          side: 'sell',
          coin: 'USDT',
          currency: 'XXX',
          price: '7',
          min: '1',
          max: '50',
          total: '1',
          methods: 'bank',
        },
        'legalUnknownCurrency',
      ],
      [
        m,
        'legal/adSave',
        {
          side: 'sell',
          coin: 'USDT',
          currency: 'CNY',
          price: '7',
          min: '1',
          max: '50',
          total: '1',
          methods: 'cash',
        },
        'legalAdMethods',
      ],
      [
        m,
        'legal/adSave',
        {
          side: 'sell',
          coin: 'USDT',
          currency: 'CNY',
          price: '7',
          min: '1',
          max: '50',
          total: '999999',
          methods: 'bank',
        },
        'insufficientBalance',
      ],
      [other, 'legal/pay', { id: o.id, reference: 'x' }, 'notFound'],
      [other, 'legal/cancel', { id: o.id }, 'notFound'],
      [other, 'legal/release', { id: o.id }, 'notFound'],
      [m, 'legal/release', { id: o.id }, 'legalOrderState'],
      [m, 'legal/cancel', { id: o.id }, 'legalOrderState'],
      [u, 'legal/pay', { id: o.id, reference: '' }, 'required'],
      [
        u,
        'legal/methodSave',
        { kind: 'bank', realName: 'A', bank: 'B', cardNumber: '1234-5678' },
        'cardNumberFormat',
      ],
      [u, 'legal/methodSave', { kind: 'wechat', realName: 'A', account: 'x' }, 'required'],
      [u, 'legal/methodSave', { kind: 'trc20', qrId: 'f'.repeat(32) }, 'uploadRequired'],
      [u, 'legal/methodSave', { kind: 'paypal', realName: 'A' }, 'badRequest'],
      [other, 'legal/methodRemove', { id: 1 }, 'notFound'],
      [other, 'legal/order', { id: o.id }, 'notFound'],
      [other, 'legal/image', { orderId: o.id, id: 'a'.repeat(32) }, 'notFound'],
    ];
    for (const [who, name, fields, key] of cases) {
      const r = await as(origin, who, name, fields);
      expect([name, fields, r.body?.key]).toEqual([name, fields, key]);
    }
    expect(await legalState(server.dataDir)).toEqual(state);
  });

  it('an image of a wrong type is refused by the upload check', async () => {
    const u = await person(origin);
    const { callApi } = await import('../support/api');
    const r = await callApi(
      origin,
      'assets/upload',
      { mime: 'image/png', data: 'R0lGODlhAQABAAAAACw=' },
      { json: true, token: u.token },
    );
    expect(r.body.key).toBe('uploadType');
  });
});

describe('races', () => {
  it('two releases of one order: exactly one wins and the coin moves once', async () => {
    const u = await person(origin);
    const o = await take(origin, u, ad.id, 'qty', '3');
    dataOf(await as(origin, u, 'legal/pay', { id: o.id, reference: 'R' }));
    const replies = await Promise.all([1, 2, 3].map(() => as(origin, m, 'legal/release', { id: o.id })));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.body.key === 'legalOrderState')).toHaveLength(2);
    expect((await legalBalance(server.dataDir, u.id)).available).toBe(U('3'));
  });

  it('30 concurrent takers on an ad whose quantity allows 10', async () => {
    const m2 = await merchant(origin, server.dataDir, '100');
    const small = await publish(origin, m2, { total: '100', min: '70', max: '70' });
    const takers = await Promise.all(Array.from({ length: 30 }, () => person(origin)));
    const replies = await Promise.all(
      takers.map((t) => as(origin, t, 'legal/take', { adId: small.id, by: 'qty', value: '10' })),
    );
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.body.key === 'legalBeyondRemaining')).toHaveLength(20);
    const after = dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: small.id }));
    expect(after.remaining).toBe('0.00');
    expect(await legalBalance(server.dataDir, m2.id)).toEqual({ available: 0n, frozen: U('100') });
  });
});
