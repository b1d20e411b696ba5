// Lock-up mining and deposit savings over the real server on a test clock: locks, daily payouts,
// maturity, savings, early redemption, the reserve, refusals and races; the ledger is checked after
// every test and the payouts are replayed from the stored rows.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../domain';
import type { LockmingPosition } from '../../domain/lockming-types';
import { call, dataOf, refusal } from '../support/assets';
import { opsCall } from '../support/bank';
import {
  createProduct,
  financeOf,
  fundReserve,
  lock,
  lockmingSnapshot,
  position,
  products,
  redeem,
  reserveOf,
  saver,
  startLockmingServer,
  type LockmingServer,
} from '../support/lockming';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import { withServerDb } from '../support/server-db';
import { checkedServer } from '../support/suite';
import { replayLockming, replayReferenceYield } from './lockming-replayer';

const DAY = 86_400_000;
/** 2030-01-10 10:00 UTC; payouts at 00:00 UTC. */
const T0 = Date.UTC(2030, 0, 10, 10);
const MIDNIGHT = Date.UTC(2030, 0, 11);
/** Coin decimals: catalog data, for the replayer. */
const DECIMALS = Object.fromEntries(DEFAULT_CATALOG.coins.map((c) => [c.symbol, c.decimals]));

const env = checkedServer<LockmingServer>(() => startLockmingServer({ clockAt: T0 }));
const s = () => env.server;

/** A lock product opening now (`days` days at `rate` a day, min 100). */
const lockProduct = (fields: Record<string, string | number> = {}) =>
  createProduct(s().origin, {
    kind: 'lock',
    coin: 'USDT',
    name: 'Test lock',
    days: 5,
    dailyRate: '0.001',
    minAmount: '100',
    earlyRedeem: 'true',
    opensAt: s().clock.now,
    ...fields,
  });

const replay = async () => {
  const r = await withServerDb(s().dataDir, (db) => replayLockming(db, DECIMALS, '00:00', s().clock.now), {
    bigints: true,
  });
  expect(r.mismatches).toEqual([]);
  return r;
};

/** Moves the clock to `at` and runs the payouts due (the daily timer's work). */
const advance = async (at: number) => {
  s().clock.now = at;
  await s().payouts();
};

describe('lock-up', () => {
  it('shows the exact income before locking, pays daily from the house and returns everything at maturity', async () => {
    await fundReserve(s().dataDir, 'USDT', '1000');
    const id = await lockProduct();
    const u = await saver(s(), '1000');
    const before = await reserveOf(s().dataDir);

    const p = dataOf<LockmingPosition>(await lock(s().origin, u, id, '500'));
    expect(p).toMatchObject({
      amount: '500.000000',
      dailyInterest: '0.500000',
      expectedIncome: '2.500000',
      interest: '0.000000',
      days: 5,
      daysPaid: 0,
      status: 'locking',
      maturesAt: MIDNIGHT + 4 * DAY,
      nextAccrualAt: MIDNIGHT,
    });
    expect(await financeOf(s().dataDir, u.id)).toEqual({ available: toUnits('500'), frozen: toUnits('500') });
    // The promise is frozen in the house's reserve.
    expect(await reserveOf(s().dataDir)).toEqual({
      available: before.available - toUnits('2.5'),
      frozen: before.frozen + toUnits('2.5'),
    });

    await advance(MIDNIGHT - 1);
    expect((await position(s().origin, u, p.id)).daysPaid).toBe(0);
    await advance(MIDNIGHT);
    expect(await position(s().origin, u, p.id)).toMatchObject({ daysPaid: 1, interest: '0.500000' });
    await advance(MIDNIGHT + DAY + 5_000);
    await s().payouts();
    expect(await position(s().origin, u, p.id)).toMatchObject({ daysPaid: 2, interest: '1.000000' });
    expect(await financeOf(s().dataDir, u.id)).toEqual({ available: toUnits('501'), frozen: toUnits('500') });
    await replay();

    await advance(MIDNIGHT + 4 * DAY);
    const done = await position(s().origin, u, p.id);
    expect(done).toMatchObject({
      status: 'expired',
      ended: 'maturity',
      daysPaid: 5,
      interest: '2.500000',
      returned: '500.000000',
      endedAt: MIDNIGHT + 4 * DAY,
    });
    expect(await financeOf(s().dataDir, u.id)).toEqual({ available: toUnits('1002.5'), frozen: 0n });
    expect(await reserveOf(s().dataDir)).toEqual({
      available: before.available - toUnits('2.5'),
      frozen: before.frozen,
    });
    // The last interest and the principal are one transaction; each payout has a receipt naming its own.
    const detail = dataOf<{
      receipts: { rule: string; ledgerTxId: number; amount: string }[];
      endTxId: number;
    }>(await call(s().origin, 'lockming/position', u.token, { id: p.id }));
    expect(detail.receipts.map((r) => r.rule)).toEqual([
      'interest',
      'interest',
      'interest',
      'interest',
      'maturity',
    ]);
    expect(detail.receipts.at(-1)!.ledgerTxId).toBe(detail.endTxId);
    expect(new Set(detail.receipts.map((r) => r.ledgerTxId)).size).toBe(5);
    // The operator opens the same receipts.
    const seen = await opsCall(s().origin, 'GET', 'lockming/position', { id: p.id });
    expect(seen.body.data).toMatchObject({ userId: u.id, receipts: detail.receipts });
    const r = await replay();
    expect(r.payouts).toBeGreaterThanOrEqual(5);
  });

  it('computes the reference annualized yield from what the product paid over the past 3 days', async () => {
    await fundReserve(s().dataDir, 'USDT', '1000');
    const id = await lockProduct({ dailyRate: '0.0003', days: 10, minAmount: '1' });
    const a = await saver(s(), '1000');
    const b = await saver(s(), '1000');
    expect((await products(s().origin)).find((p) => p.id === id)).toMatchObject({
      referenceYield: null,
      referenceDays: 0,
    });
    // A day pays 333.333333 × 0.0003 = 0.0999999999 → 0.099999 and 1 × 0.0003 = 0.000300 (floored to
    // USDT's 6 decimals): 0.100299 on 334.333333, × 365 = 0.109498…
    dataOf(await lock(s().origin, a, id, '333.333333'));
    dataOf(await lock(s().origin, b, id, '1'));
    const start = s().clock.now;
    const next = Math.floor(start / DAY) * DAY + DAY;
    for (let d = 0; d < 4; d++) await advance(next + d * DAY);
    const now = s().clock.now;
    const product = (await products(s().origin)).find((p) => p.id === id)!;
    expect(product.referenceDays).toBe(3);
    const expected = await withServerDb(s().dataDir, (db) => replayReferenceYield(db, id, now), {
      bigints: true,
    });
    expect(product.referenceYield).toBe(expected);
    // Below the nominal 0.1095 (0.0003 × 365): it is what was paid, floors included.
    expect(product.referenceYield).toBe('0.109498');
    await replay();
  });

  it('early redemption forfeits the interest paid, as stated; a product without it refuses', async () => {
    // A coin of its own: the other tests' payouts do not move this reserve.
    await fundReserve(s().dataDir, 'BNB', '1000');
    const id = await lockProduct({ coin: 'BNB', days: 10, dailyRate: '0.002' });
    const fixed = await lockProduct({ coin: 'BNB', days: 10, earlyRedeem: 'false' });
    const u = await saver(s(), '2000', 'BNB');
    const p = dataOf<LockmingPosition>(await lock(s().origin, u, id, '1000'));
    const q = dataOf<LockmingPosition>(await lock(s().origin, u, fixed, '100'));
    expect(p.redeemable).toBe(true);
    expect(q.redeemable).toBe(false);
    const reserve = await reserveOf(s().dataDir, 'BNB');
    await advance(Math.floor(s().clock.now / DAY) * DAY + DAY);
    await advance(s().clock.now + DAY);
    expect((await position(s().origin, u, p.id)).interest).toBe('4.00000000');

    const snap = await lockmingSnapshot(s().dataDir, u.id);
    expect((await redeem(s().origin, u, q.id, 'en')).body).toEqual(refusal('en', 'lockmingNoEarlyRedeem'));
    expect(await lockmingSnapshot(s().dataDir, u.id)).toEqual(snap);

    const r = dataOf<LockmingPosition>(await redeem(s().origin, u, p.id));
    expect(r).toMatchObject({
      status: 'expired',
      ended: 'redeem',
      forfeited: '4.00000000',
      returned: '996.00000000',
    });
    // 2000 − 1000 − 100 locked, + 4 and 0.2 interest, then + 996: the 4 is gone with the redemption.
    expect(await financeOf(s().dataDir, u.id, 'BNB')).toEqual({
      available: toUnits('1900.2'),
      frozen: toUnits('100'),
    });
    // The house gets the forfeited interest (4) back and its unpaid promise (16) is released; the
    // fixed lock's two days (0.2) left its promise too.
    expect(await reserveOf(s().dataDir, 'BNB')).toEqual({
      available: reserve.available + toUnits('20'),
      frozen: reserve.frozen - toUnits('20.2'),
    });
    await replay();
  });
});

describe('deposit savings', () => {
  it('subscribes, pays daily interest, redeems at any time with the interest kept', async () => {
    await fundReserve(s().dataDir, 'BTC', '1');
    const day0 = Math.floor(s().clock.now / DAY) * DAY;
    const id = await createProduct(s().origin, {
      kind: 'savings',
      coin: 'BTC',
      name: 'BTC flexible',
      dailyRate: '0.0001',
      minAmount: '0.001',
      total: '10',
      opensAt: s().clock.now,
      // Moved to 00:00 of its UTC day: the last payout and the expiry are one instant.
      closesAt: day0 + 20 * DAY + 3_600_000,
    });
    const product = (await products(s().origin)).find((p) => p.id === id)!;
    expect(product).toMatchObject({
      kind: 'savings',
      days: null,
      closesAt: day0 + 20 * DAY,
      total: '10.00000000',
    });
    const u = await saver(s(), '3', 'BTC');
    const p = dataOf<LockmingPosition>(await lock(s().origin, u, id, '2.5'));
    expect(p).toMatchObject({
      days: 20,
      dailyInterest: '0.00025000',
      expectedIncome: '0.00500000',
      redeemable: true,
    });
    expect((await products(s().origin)).find((x) => x.id === id)!.subscribed).toBe('2.50000000');

    await advance(day0 + DAY);
    await advance(day0 + 2 * DAY + 60_000);
    // Redeemed between payouts: the principal back, both days' interest kept, the rest of the promise released.
    const r = dataOf<LockmingPosition>(await redeem(s().origin, u, p.id));
    expect(r).toMatchObject({
      ended: 'redeem',
      interest: '0.00050000',
      forfeited: '0.00000000',
      returned: '2.50000000',
    });
    expect(await financeOf(s().dataDir, u.id, 'BTC')).toEqual({ available: toUnits('3.0005'), frozen: 0n });
    expect(await reserveOf(s().dataDir, 'BTC')).toEqual({ available: toUnits('0.9995'), frozen: 0n });
    expect((await products(s().origin)).find((x) => x.id === id)!.subscribed).toBe('0.00000000');
    await replay();
  });

  it('refuses a subscription past the product total', async () => {
    await fundReserve(s().dataDir, 'BTC', '1');
    const id = await createProduct(s().origin, {
      kind: 'savings',
      coin: 'BTC',
      name: 'Small',
      dailyRate: '0.0001',
      minAmount: '0.001',
      total: '1',
      opensAt: s().clock.now,
      closesAt: s().clock.now + 10 * DAY,
    });
    const u = await saver(s(), '3', 'BTC');
    dataOf(await lock(s().origin, u, id, '0.6'));
    const snap = await lockmingSnapshot(s().dataDir, u.id);
    expect((await lock(s().origin, u, id, '0.5', 'zh')).body).toEqual(
      refusal('zh', 'lockmingTotalFull', 'amount'),
    );
    expect(await lockmingSnapshot(s().dataDir, u.id)).toEqual(snap);
    expect((await products(s().origin)).find((x) => x.id === id)!.remaining).toBe('0.40000000');
  });
});

describe('reserve honesty', () => {
  it('refuses a lock whose promise the reserve cannot cover with what is already promised, and shows what is left', async () => {
    // A coin of its own: the reserve is this test's alone.
    await fundReserve(s().dataDir, 'LTC', '10');
    const id = await createProduct(s().origin, {
      kind: 'lock',
      coin: 'LTC',
      name: 'LTC 10 days',
      days: 10,
      dailyRate: '0.01',
      minAmount: '1',
      opensAt: s().clock.now,
    });
    const u = await saver(s(), '1000', 'LTC');
    // 10 LTC covers 10 days × 1 LTC a day: 100.00000099 LTC of principal at most (its daily 1.0000000099
    // floors to 1 LTC).
    expect((await products(s().origin)).find((p) => p.id === id)!.remaining).toBe('100.00000099');
    dataOf(await lock(s().origin, u, id, '60'));
    expect((await products(s().origin)).find((p) => p.id === id)!.remaining).toBe('40.00000099');
    const snap = await lockmingSnapshot(s().dataDir, u.id);
    expect((await lock(s().origin, u, id, '40.000001', 'id')).body).toEqual(
      refusal('id', 'lockmingReserve', 'amount'),
    );
    expect(await lockmingSnapshot(s().dataDir, u.id)).toEqual(snap);
    dataOf(await lock(s().origin, u, id, '40.00000099'));
    expect(await reserveOf(s().dataDir, 'LTC')).toEqual({ available: 0n, frozen: toUnits('10') });
    expect((await products(s().origin)).find((p) => p.id === id)!.remaining).toBe('0.00000000');
  });
});

describe('refusals', () => {
  it('below the minimum, too many decimals, no balance, unknown product: localized, nothing changed', async () => {
    await fundReserve(s().dataDir, 'USDT', '100');
    const id = await lockProduct();
    const u = await saver(s(), '150');
    const snap = await lockmingSnapshot(s().dataDir, u.id);
    expect((await lock(s().origin, u, id, '99.999999', 'en')).body).toEqual(
      refusal('en', 'lockmingBelowMin', 'amount'),
    );
    expect((await lock(s().origin, u, id, '100.0000001', 'hi')).body).toEqual(
      refusal('hi', 'tooManyDecimals', 'amount'),
    );
    expect((await lock(s().origin, u, id, '200', 'vi')).body).toEqual(
      refusal('vi', 'insufficientBalance', 'amount'),
    );
    expect((await lock(s().origin, u, id, '-5', 'en')).body).toEqual(refusal('en', 'amountFormat', 'amount'));
    expect((await lock(s().origin, u, 999_999, '100', 'en')).status).toBe(404);
    expect(await lockmingSnapshot(s().dataDir, u.id)).toEqual(snap);
  });

  it("redeeming someone else's position or twice is refused; of racing redemptions one wins", async () => {
    await fundReserve(s().dataDir, 'USDT', '100');
    const id = await lockProduct();
    const owner = await saver(s(), '1000');
    const other = await saver(s(), '1000');
    const p = dataOf<LockmingPosition>(await lock(s().origin, owner, id, '100'));
    const q = dataOf<LockmingPosition>(await lock(s().origin, owner, id, '100'));
    const snap = await lockmingSnapshot(s().dataDir, owner.id);
    const stranger = await redeem(s().origin, other, p.id, 'kor');
    expect(stranger.status).toBe(404);
    expect(stranger.body.msg).toBe(refusal('kor', 'notFound').msg);
    expect(await lockmingSnapshot(s().dataDir, owner.id)).toEqual(snap);

    const replies = await Promise.all(Array.from({ length: 6 }, () => redeem(s().origin, owner, p.id, 'en')));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== 200))
      expect(r.body).toEqual(refusal('en', 'lockmingEnded'));
    const after = await lockmingSnapshot(s().dataDir, owner.id);
    expect((await redeem(s().origin, owner, p.id, 'jp')).body).toEqual(refusal('jp', 'lockmingEnded'));
    expect(await lockmingSnapshot(s().dataDir, owner.id)).toEqual(after);
    expect(await financeOf(s().dataDir, owner.id)).toEqual({
      available: toUnits('900'),
      frozen: toUnits('100'),
    });
    expect((await position(s().origin, owner, q.id)).status).toBe('locking');
    await replay();
  });

  it('a product cannot be edited once open; no route sets a rate already promised', async () => {
    const open = await lockProduct();
    const edit = (id: number, fields: Record<string, string | number>) =>
      opsCall(s().origin, 'POST', 'lockming/products/edit', {
        id,
        kind: 'lock',
        coin: 'USDT',
        name: 'Changed',
        days: 5,
        dailyRate: '0.05',
        minAmount: '100',
        opensAt: s().clock.now + DAY,
        ...fields,
      });
    expect((await edit(open, {})).body).toMatchObject({ code: 400, key: 'lockmingProductOpen' });
    const later = await lockProduct({ opensAt: s().clock.now + DAY });
    expect((await edit(later, { dailyRate: '0.002' })).body).toMatchObject({ code: 200 });
    expect((await products(s().origin)).find((p) => p.id === later)).toMatchObject({
      status: 'upcoming',
      dailyRate: '0.002',
      name: 'Changed',
    });
    const u = await saver(s(), '1000');
    expect((await lock(s().origin, u, later, '100', 'en')).body).toEqual(
      refusal('en', 'lockmingNotOpen', 'productId'),
    );
    // A period whose interest would reach the principal is refused.
    expect(
      (
        await opsCall(s().origin, 'POST', 'lockming/products/create', {
          kind: 'lock',
          coin: 'USDT',
          name: 'Too rich',
          days: 1000,
          dailyRate: '0.001',
          minAmount: '1',
          opensAt: s().clock.now,
        })
      ).body,
    ).toMatchObject({ code: 400, key: 'badRequest', field: 'dailyRate' });
  });
});
