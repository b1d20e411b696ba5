// An operator's lock-up and savings product and the catalog's `lockming` section
// (domain/lockming-rules.ts): each limit on both sides of its edge, each field's first problem named,
// every catalog problem reported. Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import {
  LOCKMING_DAYS_MAX,
  LOCKMING_NAME_MAX,
  lockmingCatalogProblems,
  productSpecProblem,
} from '../../../domain/lockming-rules';
import type { LockmingCatalog, LockmingProductSpec } from '../../../domain/lockming-types';

/** USDT with 2 decimals, BTC with 6; nothing else is listed. */
const decimals = (coin: string) => ({ USDT: 2, BTC: 6 })[coin];

const LOCK: LockmingProductSpec = {
  kind: 'lock',
  coin: 'USDT',
  name: 'USDT 30 days',
  days: 30,
  dailyRate: '0.001',
  minAmount: '10',
  total: '1000',
  earlyRedeem: true,
  opensAt: 1_000,
  closesAt: 2_000,
};
const SAVINGS: LockmingProductSpec = {
  kind: 'savings',
  coin: 'BTC',
  name: 'BTC savings',
  dailyRate: '0.0001',
  minAmount: '0.001',
  opensAt: 0,
  closesAt: 5_000,
};
const problem = (p: Partial<LockmingProductSpec>, base = LOCK) =>
  productSpecProblem({ ...base, ...p }, decimals);

describe('an operator’s product', () => {
  it('accepts a sound lock and a sound savings product', () => {
    expect(problem({})).toBeNull();
    expect(problem({}, SAVINGS)).toBeNull();
    // Optional parts left out.
    expect(problem({ total: null, closesAt: null, earlyRedeem: undefined })).toBeNull();
    expect(problem({ total: undefined, closesAt: undefined })).toBeNull();
  });

  it('refuses an unknown kind and an unlisted coin', () => {
    expect(problem({ kind: 'stake' as never })).toEqual({ key: 'badRequest', field: 'kind' });
    expect(problem({ coin: 'DOGE' })).toEqual({ key: 'unknownCoin', field: 'coin' });
  });

  it('needs a name of at most 60 characters, counted as characters, after trimming', () => {
    expect(problem({ name: '   ' })).toEqual({ key: 'required', field: 'name' });
    expect(problem({ name: 'x'.repeat(LOCKMING_NAME_MAX) })).toBeNull();
    expect(problem({ name: ` ${'x'.repeat(LOCKMING_NAME_MAX)} ` })).toBeNull();
    expect(problem({ name: 'x'.repeat(LOCKMING_NAME_MAX + 1) })).toEqual({
      key: 'textTooLong',
      field: 'name',
    });
    // 60 emoji are 120 UTF-16 units but 60 characters.
    expect(problem({ name: '💰'.repeat(LOCKMING_NAME_MAX) })).toBeNull();
    expect(LOCKMING_NAME_MAX).toBe(60);
  });

  it('needs a daily rate with a non-zero digit', () => {
    expect(problem({ dailyRate: '0' })).toEqual({ key: 'amountFormat', field: 'dailyRate' });
    expect(problem({ dailyRate: 'abc' })).toEqual({ key: 'amountFormat', field: 'dailyRate' });
  });

  it('needs a positive minimum in the coin’s decimals', () => {
    const bad = { key: 'amountFormat', field: 'minAmount' };
    expect(problem({ minAmount: '0' })).toEqual(bad);
    expect(problem({ minAmount: '0.00' })).toEqual(bad);
    expect(problem({ minAmount: '0.01' })).toBeNull();
    expect(problem({ minAmount: '0.001' })).toEqual(bad); // USDT has 2 decimals
    expect(problem({ minAmount: '0.000001' }, SAVINGS)).toBeNull(); // BTC has 6
    expect(problem({ minAmount: '0.0000001' }, SAVINGS)).toEqual(bad);
    expect(problem({ minAmount: '1e3' })).toEqual(bad);
    expect(problem({ minAmount: ' 10' })).toEqual(bad);
    expect(problem({ minAmount: '10 ' })).toEqual(bad);
    expect(problem({ minAmount: '-1' })).toEqual(bad);
    expect(problem({ minAmount: '1.' })).toEqual(bad);
    expect(problem({ minAmount: '1234567890123456' })).toEqual(bad); // 16 digits
    expect(problem({ minAmount: '123456789012345', total: null })).toBeNull(); // 15 digits
    expect(problem({ minAmount: 10 as never })).toEqual(bad);
  });

  it('needs a total, when given, positive and not below the minimum', () => {
    expect(problem({ total: '0' })).toEqual({ key: 'amountFormat', field: 'total' });
    expect(problem({ total: '1.001' })).toEqual({ key: 'amountFormat', field: 'total' });
    expect(problem({ total: '10' })).toBeNull(); // equal to the minimum
    expect(problem({ total: '9.99' })).toEqual({ key: 'storeMaxBelowMin', field: 'total' });
    expect(problem({ total: '10.01' })).toBeNull();
  });

  it('needs an opening instant that is a non-negative safe integer', () => {
    const bad = { key: 'badRequest', field: 'opensAt' };
    expect(problem({ opensAt: 0, closesAt: 1 })).toBeNull();
    expect(problem({ opensAt: -1 })).toEqual(bad);
    expect(problem({ opensAt: 1.5 })).toEqual(bad);
    expect(problem({ opensAt: Number.NaN })).toEqual(bad);
  });

  it('needs a closing instant, when given, after the opening', () => {
    const bad = { key: 'badRequest', field: 'closesAt' };
    expect(problem({ opensAt: 1_000, closesAt: 1_000 })).toEqual(bad);
    expect(problem({ opensAt: 1_000, closesAt: 999 })).toEqual(bad);
    expect(problem({ opensAt: 1_000, closesAt: 1_001 })).toBeNull();
    expect(problem({ closesAt: 2_000.5 })).toEqual(bad);
    expect(problem({ closesAt: Number.POSITIVE_INFINITY })).toEqual(bad);
  });

  it('needs a lock period of 1 to 3650 whole days', () => {
    const bad = { key: 'badRequest', field: 'days' };
    // A rate small enough that the whole period's interest stays under the principal.
    const rate = '0.0001';
    expect(problem({ days: 1, dailyRate: rate })).toBeNull();
    expect(problem({ days: LOCKMING_DAYS_MAX, dailyRate: '0.00001' })).toBeNull();
    expect(problem({ days: 0, dailyRate: rate })).toEqual(bad);
    expect(problem({ days: LOCKMING_DAYS_MAX + 1, dailyRate: '0.00001' })).toEqual(bad);
    expect(problem({ days: 1.5, dailyRate: rate })).toEqual(bad);
    expect(problem({ days: undefined, dailyRate: rate })).toEqual(bad);
    expect(LOCKMING_DAYS_MAX).toBe(3650);
  });

  it('keeps the whole period’s interest below the principal', () => {
    const bad = { key: 'badRequest', field: 'dailyRate' };
    // 0.01 × 100 days = the whole principal: refused; one day less is allowed.
    expect(problem({ dailyRate: '0.01', days: 100 })).toEqual(bad);
    expect(problem({ dailyRate: '0.01', days: 99 })).toBeNull();
    expect(problem({ dailyRate: '0.00999999', days: 100 })).toBeNull();
    expect(problem({ dailyRate: '0.02', days: 60 })).toEqual(bad);
  });

  it('gives savings no period, a required expiry and early redemption', () => {
    expect(problem({ days: 30 }, SAVINGS)).toEqual({ key: 'badRequest', field: 'days' });
    expect(problem({ closesAt: null }, SAVINGS)).toEqual({ key: 'required', field: 'closesAt' });
    expect(problem({ closesAt: undefined }, SAVINGS)).toEqual({ key: 'required', field: 'closesAt' });
    expect(problem({ earlyRedeem: false }, SAVINGS)).toEqual({ key: 'badRequest', field: 'earlyRedeem' });
    expect(problem({ earlyRedeem: true }, SAVINGS)).toBeNull();
    // A savings product's rate is not bounded by a period.
    expect(problem({ dailyRate: '0.5' }, SAVINGS)).toBeNull();
    // A lock may refuse early redemption.
    expect(problem({ earlyRedeem: false })).toBeNull();
  });
});

const CATALOG: LockmingCatalog = {
  accrualAtUtc: '00:00',
  tradePassword: 'always',
  demoReserve: { USDT: '100000', BTC: '1.5' },
  demoProducts: [LOCK, SAVINGS],
};
const problems = (c: Partial<LockmingCatalog>) => lockmingCatalogProblems({ ...CATALOG, ...c }, decimals);

describe('the catalog’s lockming section', () => {
  it('finds nothing wrong in a sound section', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ tradePassword: 'never', accrualAtUtc: '23:59' })).toEqual([]);
  });

  it('names the payout time, the password rule, each bad reserve and each bad product', () => {
    expect(problems({ accrualAtUtc: '24:00' })).toEqual(['lockming accrualAtUtc must be HH:MM']);
    expect(problems({ tradePassword: 'sometimes' as never })).toEqual(['lockming tradePassword']);
    expect(problems({ demoReserve: { USDT: '0', BTC: '0.0000001', DOGE: '5', ETH: '1' } })).toEqual([
      'lockming demoReserve USDT',
      'lockming demoReserve BTC',
      'lockming demoReserve DOGE',
      'lockming demoReserve ETH',
    ]);
    // Only a savings product without an expiry gets the default year: a lock's expiry is checked as written.
    expect(problems({ demoProducts: [{ ...LOCK, closesAt: LOCK.opensAt }] })).toEqual([
      'lockming demoProducts[0] closesAt',
    ]);
    expect(problems({ demoProducts: [{ ...SAVINGS, closesAt: null }] })).toEqual([]);
    expect(problems({ demoProducts: [LOCK, { ...LOCK, name: '' }, { ...SAVINGS, coin: 'DOGE' }] })).toEqual([
      'lockming demoProducts[1] name',
      'lockming demoProducts[2] coin',
    ]);
    expect(
      problems({
        accrualAtUtc: 'noon',
        tradePassword: 'x' as never,
        demoReserve: { X: '1' },
        demoProducts: [{ ...LOCK, days: 0 }],
      }),
    ).toEqual([
      'lockming accrualAtUtc must be HH:MM',
      'lockming tradePassword',
      'lockming demoReserve X',
      'lockming demoProducts[0] days',
    ]);
  });

  it('lets a demo savings product go without an expiry, and only savings', () => {
    expect(problems({ demoProducts: [{ ...SAVINGS, closesAt: null }] })).toEqual([]);
    expect(problems({ demoProducts: [{ ...SAVINGS, closesAt: undefined, opensAt: 7 }] })).toEqual([]);
    // A given expiry is still checked against the opening.
    expect(problems({ demoProducts: [{ ...SAVINGS, opensAt: 10, closesAt: 10 }] })).toEqual([
      'lockming demoProducts[0] closesAt',
    ]);
    // A lock without closing instant is sound as it is; one with a bad closing is not replaced.
    expect(problems({ demoProducts: [{ ...LOCK, closesAt: null }] })).toEqual([]);
    expect(problems({ demoProducts: [{ ...LOCK, closesAt: 5 }] })).toEqual([
      'lockming demoProducts[0] closesAt',
    ]);
  });
});
