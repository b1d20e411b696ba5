// The edges of the lock-up and savings rule (domain/lockming-math.ts) that lockming-math.test.ts
// does not reach: the accepted rates and payout times, a reserve already overdrawn, redemption of a
// lock paid more interest than its principal, savings without an expiry, the amount's digit limits.
// Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import {
  DAY_MS,
  REFERENCE_DAYS,
  YEAR_DAYS,
  YIELD_DECIMALS,
  accrualsBetween,
  coinStep,
  isDailyRate,
  lastAccrualAt,
  lockAmountProblem,
  lockPreview,
  maxPrincipalUnits,
  offsetOfUtc,
  redeemUnits,
  referenceYield,
} from '../../../domain/lockming-math';

const D = Date.UTC(2030, 0, 10);
const H = 3_600_000;

describe('the terms the area takes', () => {
  it('takes a daily rate above 0 and below 1 with at most 8 decimals', () => {
    for (const ok of ['0.1', '0.00000001', '0.99999999', '0.0005']) expect(isDailyRate(ok)).toBe(true);
    for (const bad of [
      '0',
      '0.0',
      '0.00000000',
      '1',
      '1.0',
      '0.000000001',
      '.5',
      '0.',
      'x0.5',
      '0.5x',
      ' 0.5',
    ])
      expect(isDailyRate(bad)).toBe(false);
  });

  it('reads payout times from 00:00 to 23:59', () => {
    expect(offsetOfUtc('00:00')).toBe(0);
    expect(offsetOfUtc('09:05')).toBe(9 * H + 5 * 60_000);
    expect(offsetOfUtc('19:59')).toBe(19 * H + 59 * 60_000);
    expect(offsetOfUtc('23:59')).toBe(23 * H + 59 * 60_000);
    for (const bad of ['24:00', '23:60', '9:05', '09:5', '0900', ' 09:00', '09:00 ', '30:00'])
      expect(() => offsetOfUtc(bad)).toThrow(RangeError);
    expect(() => offsetOfUtc('7am')).toThrow('not an HH:MM time: 7am');
  });

  it('has the constants the rule is stated with', () => {
    expect([DAY_MS, YEAR_DAYS, REFERENCE_DAYS, YIELD_DECIMALS]).toEqual([86_400_000, 365n, 3, 6]);
    expect(coinStep(8)).toBe(1n);
    expect(coinStep(6)).toBe(100n);
    expect(coinStep(0)).toBe(100_000_000n);
  });
});

describe('the payout schedule at its edges', () => {
  it('counts a payout exactly at the end of the window, and none just before the first', () => {
    // Locked at 10:00 with payouts at 08:00: the first is the next day's 08:00.
    const first = D + 32 * H;
    expect(lastAccrualAt(D + 10 * H, '08:00')).toBe(D + 8 * H);
    expect(accrualsBetween(D + 10 * H, first - 1, '08:00')).toBe(0);
    expect(accrualsBetween(D + 10 * H, first, '08:00')).toBe(1);
    expect(accrualsBetween(D + 10 * H, first + DAY_MS - 1, '08:00')).toBe(1);
    expect(accrualsBetween(D + 10 * H, first + DAY_MS, '08:00')).toBe(2);
    // A window that ends before it starts holds none, however far before.
    expect(accrualsBetween(D + 10 * H, D + 10 * H, '08:00')).toBe(0);
    expect(accrualsBetween(D + 10 * H, D - 3 * DAY_MS, '08:00')).toBe(0);
  });

  it('gives savings without an expiry no payout, and matures a zero-day preview on the first payout', () => {
    const at = D + 10 * H;
    expect(
      lockPreview(
        { kind: 'savings', days: null, dailyRate: '0.001', closesAt: null },
        toUnits('100'),
        at,
        '00:00',
        8,
      ),
    ).toEqual({
      days: 0,
      dailyInterest: toUnits('0.1'),
      expectedIncome: 0n,
      maturesAt: D + 24 * H,
    });
    // A lock without a period (not a product the checks accept) promises nothing either.
    expect(
      lockPreview(
        { kind: 'lock', days: null, dailyRate: '0.001', closesAt: null },
        toUnits('100'),
        at,
        '00:00',
        8,
      ),
    ).toMatchObject({
      days: 0,
      expectedIncome: 0n,
      maturesAt: D + 24 * H,
    });
    // A lock's period is its own, whatever the product's closing instant.
    expect(
      lockPreview(
        { kind: 'lock', days: 2, dailyRate: '0.001', closesAt: D + 100 * DAY_MS },
        toUnits('100'),
        at,
        '00:00',
        8,
      ),
    ).toMatchObject({
      days: 2,
      expectedIncome: toUnits('0.2'),
      maturesAt: D + 48 * H,
    });
  });
});

describe('reserve capacity at its edges', () => {
  it('takes nothing on an overdrawn reserve or a period of no days', () => {
    expect(maxPrincipalUnits(-1n, '0.01', 10, 8)).toBe(0n);
    expect(maxPrincipalUnits(toUnits('10'), '0.01', 0, 8)).toBe(0n);
    expect(maxPrincipalUnits(toUnits('10'), '0.01', -1, 8)).toBe(0n);
    // 1 day of 0.5 at 0.005: the interest must floor to 0.5, so P × 0.005 < 0.51 on 2 decimals (P < 102)
    // and < 0.50000001 on 8 (P < 100.000002).
    expect(maxPrincipalUnits(toUnits('0.5'), '0.005', 1, 2)).toBe(toUnits('101.99'));
    expect(maxPrincipalUnits(toUnits('0.5'), '0.005', 1, 8)).toBe(toUnits('100.00000199'));
  });
});

describe('early redemption and amounts at their edges', () => {
  it('never forfeits more than the principal', () => {
    expect(redeemUnits(100n, 100n)).toEqual({ returned: 0n, forfeited: 100n });
    expect(redeemUnits(100n, 250n)).toEqual({ returned: 0n, forfeited: 100n });
    expect(redeemUnits(100n, 99n)).toEqual({ returned: 1n, forfeited: 99n });
  });

  it('takes 15 integer digits and the coin’s decimals exactly, and the minimum itself', () => {
    expect(lockAmountProblem('123456789012345', '1', 6)).toBeNull();
    expect(lockAmountProblem('1234567890123456', '1', 6)).toBe('amountFormat');
    expect(lockAmountProblem('100.123456', '100', 6)).toBeNull();
    expect(lockAmountProblem('100', '100', 0)).toBeNull();
    expect(lockAmountProblem('100.1', '100', 0)).toBe('tooManyDecimals');
    expect(lockAmountProblem('0.000000', '0.000001', 6)).toBe('amountPositive');
    expect(lockAmountProblem('   ', '100', 6)).toBe('required');
    expect(lockAmountProblem('5.', '1', 6)).toBe('amountFormat');
    expect(lockAmountProblem('x5', '1', 6)).toBe('amountFormat');
    expect(lockAmountProblem('5x', '1', 6)).toBe('amountFormat');
  });

  it('floors the reference yield to 6 decimals, never rounding up', () => {
    // 1 ÷ 3 × 365 = 121.666…: floored.
    expect(referenceYield([{ paid: 1n, principal: 3n }])).toBe('121.666666');
    expect(referenceYield([{ paid: 0n, principal: 5n }])).toBe('0.000000');
    expect(referenceYield([{ paid: 5n, principal: -5n }])).toBeNull();
  });
});
