// What a fiat order leaves behind besides balances: the ledger transactions that name the order and
// who caused them, the order's event trail, and the refusals of a take that does not fit the ad
// (nothing changed after each). Written for mutation testing of server/legal/order-service.ts and
// escrow.ts (docs/mutation.md): an operator reading a dispute relies on these records.
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/http/app-error';
import { COIN, MERCHANT, T0, USER, legalHarness, type LegalHarness } from './legal-harness';

const open: LegalHarness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.db.close();
});
async function setup(): Promise<LegalHarness> {
  const h = await legalHarness();
  open.push(h);
  return h;
}

/** The error key and field a call fails with. */
async function failure(fn: () => Promise<unknown>): Promise<{ key: string; field: string | undefined }> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, field: err.field };
    throw err;
  }
  throw new Error('expected a failure');
}

/** The order's ledger transactions: kind, reference and actor, in order. */
function orderTxs(h: LegalHarness, orderId: number): string[] {
  return (
    h.sqlite
      .prepare(
        `select kind, ref_type, ref_id, actor from ledger_tx where kind like 'legal.%' and kind
        not like 'legal.ad.%' order by id`,
      )
      .all() as { kind: string; ref_type: string; ref_id: string; actor: string }[]
  )
    .filter((t) => t.ref_id === String(orderId) || t.ref_type !== 'legal_orders')
    .map((t) => `${t.kind} ${t.ref_type}/${t.ref_id} by ${t.actor}`);
}

/** A snapshot of everything a refused take must leave as it was. */
async function state(h: LegalHarness, adId: number) {
  return {
    merchant: await h.bal(MERCHANT),
    user: await h.bal(USER),
    remaining: await h.remaining(adId),
    orders: h.sqlite.prepare('select count(*) as n from legal_orders').get(),
  };
}

describe('a take that does not fit the ad is refused and changes nothing', () => {
  it('more than the ad has left: legalBeyondRemaining on the value', async () => {
    const h = await setup();
    const adId = await h.ad('sell', { qty: 5n * COIN });
    const before = await state(h, adId);
    expect(await failure(() => h.orders.take(USER, { adId, by: 'qty', value: '6' }))).toEqual({
      key: 'legalBeyondRemaining',
      field: 'value',
    });
    expect(await state(h, adId)).toEqual(before);
    // Exactly what is left is fine, and leaves 0.
    await h.orders.take(USER, { adId, by: 'qty', value: '5' });
    expect(await h.remaining(adId)).toBe(0);
  });

  it('an amount below the ad’s minimum or above its maximum: legalOutsideLimits', async () => {
    const h = await setup();
    // Limits 1.00 to 10 000.00 CNY at 7.00 per coin.
    const adId = await h.ad('sell', { qty: 10_000n * COIN });
    const before = await state(h, adId);
    for (const value of ['0.99', '10007']) {
      expect(await failure(() => h.orders.take(USER, { adId, by: 'amount', value }))).toEqual({
        key: 'legalOutsideLimits',
        field: 'value',
      });
    }
    expect(await failure(() => h.orders.take(USER, { adId, by: 'qty', value: '0.14' }))).toEqual({
      key: 'legalOutsideLimits',
      field: 'value',
    });
    expect(await state(h, adId)).toEqual(before);
    expect((await h.orders.take(USER, { adId, by: 'amount', value: '1.40' })).amount).toBe(140); // 0.20 × 7.00
  });

  it('no value at all: amountFormat on the value', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const before = await state(h, adId);
    expect(await failure(() => h.orders.take(USER, { adId, by: 'qty' } as never))).toEqual({
      key: 'amountFormat',
      field: 'value',
    });
    expect(await state(h, adId)).toEqual(before);
  });
});

describe('the ledger names the order and who moved its escrow', () => {
  it('the user sells into a buy ad and the merchant (the buyer) cancels', async () => {
    const h = await setup();
    await h.grant(USER, 50n * COIN);
    const adId = await h.ad('buy');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    await h.orders.cancel(MERCHANT, o.id);
    expect(orderTxs(h, o.id)).toEqual([
      `legal.escrow legal_orders/${o.id} by user:${USER}`,
      `legal.return legal_orders/${o.id} by user:${MERCHANT}`,
    ]);
    const cancelled = (await h.store.events(o.id)).at(-1)!;
    expect(cancelled).toMatchObject({ kind: 'cancelled', role: 'buyer', actor: `user:${MERCHANT}` });
  });

  it('the seller releases: the release names the seller', async () => {
    const h = await setup();
    await h.grant(USER, 50n * COIN);
    const adId = await h.ad('buy');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    await h.orders.pay(MERCHANT, o.id, 'wire');
    await h.orders.release(USER, o.id);
    expect(orderTxs(h, o.id)).toEqual([
      `legal.escrow legal_orders/${o.id} by user:${USER}`,
      `legal.release legal_orders/${o.id} by user:${USER}`,
    ]);
  });

  it('an unpaid order expires: the return is the system’s', async () => {
    const h = await setup();
    await h.grant(USER, 50n * COIN);
    const adId = await h.ad('buy');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    h.clock.now = T0 + 10 * 60_000;
    expect((await h.orders.expire(o.id))?.status).toBe('cancelled');
    expect(orderTxs(h, o.id)).toEqual([
      `legal.escrow legal_orders/${o.id} by user:${USER}`,
      `legal.return legal_orders/${o.id} by system`,
    ]);
    expect((await h.store.events(o.id)).at(-1)).toMatchObject({ kind: 'expired', actor: 'system' });
  });
});

describe('the order’s event trail', () => {
  it('pay and appeal record who, in which role, and what they said', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    await h.orders.pay(USER, o.id, 'ref-9');
    await h.orders.appeal(USER, o.id, ' not released ', '');
    const [created, paid, appealed] = await h.store.events(o.id);
    expect(created).toMatchObject({ kind: 'created', actor: `user:${USER}`, role: 'buyer' });
    expect(paid).toMatchObject({ kind: 'paid', actor: `user:${USER}`, role: 'buyer' });
    expect(appealed).toMatchObject({ kind: 'appealed', actor: `user:${USER}`, role: 'buyer' });
    expect(JSON.parse(appealed!.detail)).toEqual({ reason: 'not released', evidence: [] });
  });

  it('a frozen seller is refused "pay" for not being the payer, not for the freeze', async () => {
    const h = await setup();
    const adId = await h.ad('sell');
    const o = await h.orders.take(USER, { adId, by: 'qty', value: '10' });
    h.sqlite
      .prepare(
        `insert into legal_freezes (user_id, reason, created_by, created_at) values (?, 'x', 'ops', 0)`,
      )
      .run(MERCHANT);
    expect((await failure(() => h.orders.pay(MERCHANT, o.id, 'r'))).key).toBe('legalOrderState');
  });
});
