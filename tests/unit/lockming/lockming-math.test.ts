// The one rule of lock-up and savings interest (domain/lockming-math.ts): the preview and the
// accrual use it, so each is checked here against independent arithmetic over a payout schedule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import {
  accrualAt,
  accrualsBetween,
  dailyInterestUnits,
  DAY_MS,
  expectedIncomeUnits,
  lastAccrualAt,
  lockAmountProblem,
  lockPreview,
  maxPrincipalUnits,
  redeemUnits,
  referenceYield,
} from '../../../domain/lockming-math';

const D = Date.UTC(2030, 0, 10);
const H = 3_600_000;

describe('daily interest', () => {
  it('is principal × rate floored to the coin decimals', () => {
    expect(dailyInterestUnits(toUnits('500'), '0.001', 6)).toBe(toUnits('0.5'));
    expect(dailyInterestUnits(toUnits('333.333333'), '0.0003', 6)).toBe(toUnits('0.099999'));
    expect(dailyInterestUnits(toUnits('333.333333'), '0.0003', 8)).toBe(toUnits('0.09999999'));
    expect(dailyInterestUnits(toUnits('0.001'), '0.0001', 2)).toBe(0n);
    expect(dailyInterestUnits(toUnits('100.00000099'), '0.01', 8)).toBe(toUnits('1'));
  });

  it('never exceeds the exact product and is within one coin step of it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 8 }),
        (principal, rateUnits, decimals) => {
          const rate = `0.${String(rateUnits).padStart(8, '0')}`;
          const got = dailyInterestUnits(principal, rate, decimals);
          const exact = principal * BigInt(rateUnits); // × 1e-8 units
          const step = 10n ** BigInt(8 - decimals);
          expect(got * 10n ** 8n <= exact).toBe(true);
          expect((got + step) * 10n ** 8n > exact).toBe(true);
          expect(got % step).toBe(0n);
        },
      ),
    );
  });
});

describe('payout schedule', () => {
  it('pays at the catalog time strictly after the lock, one a day', () => {
    expect(accrualAt(D + 10 * H, 1, '00:00')).toBe(D + 24 * H);
    expect(accrualAt(D + 10 * H, 3, '00:00')).toBe(D + 72 * H);
    // Locked exactly at the instant: the first payout is the next day's.
    expect(accrualAt(D + 8 * H, 1, '08:00')).toBe(D + 32 * H);
    expect(accrualAt(D + 7 * H + 59 * 60_000, 1, '08:00')).toBe(D + 8 * H);
    expect(lastAccrualAt(D + 7 * H, '08:00')).toBe(D - 16 * H);
    expect(accrualsBetween(D + 10 * H, D + 5 * 24 * H, '00:00')).toBe(5);
    expect(accrualsBetween(D + 10 * H, D + 24 * H - 1, '00:00')).toBe(0);
  });

  it('accrual over a schedule sums to the expected income shown before confirming', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: toUnits('1'), max: toUnits('10000000') }),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 30 * 24 * 60 }),
        (principal, perMille, days, minutes) => {
          const rate = `0.${String(perMille).padStart(6, '0')}`;
          const at = D + minutes * 60_000;
          const preview = lockPreview(
            { kind: 'lock', days, dailyRate: rate, closesAt: null },
            principal,
            at,
            '00:00',
            6,
          );
          // The accrual: one payout per instant, each the day's rule applied again.
          let paid = 0n;
          let last = 0;
          for (let day = 1; day <= days; day++) {
            const when = accrualAt(at, day, '00:00');
            expect(when).toBeGreaterThan(at);
            if (day > 1) expect(when - last).toBe(DAY_MS);
            last = when;
            paid += dailyInterestUnits(principal, rate, 6);
          }
          expect(paid).toBe(preview.expectedIncome);
          expect(preview.expectedIncome).toBe(expectedIncomeUnits(principal, rate, days, 6));
          expect(preview.maturesAt).toBe(last);
          expect(preview.days).toBe(days);
        },
      ),
    );
  });

  it('savings run one payout a day until the product expiry', () => {
    const closesAt = D + 30 * 24 * H;
    const p = lockPreview(
      { kind: 'savings', days: null, dailyRate: '0.0001', closesAt },
      toUnits('2.5'),
      D + 10 * H,
      '00:00',
      8,
    );
    expect(p).toEqual({
      days: 30,
      dailyInterest: toUnits('0.00025'),
      expectedIncome: toUnits('0.0075'),
      maturesAt: closesAt,
    });
  });
});

describe('reserve capacity', () => {
  it('is the largest principal whose promise the reserve covers', () => {
    expect(maxPrincipalUnits(toUnits('10'), '0.01', 10, 8)).toBe(toUnits('100.00000099'));
    expect(maxPrincipalUnits(toUnits('10'), '0.01', 10, 2)).toBe(toUnits('100.99'));
    // Nothing left: only an amount whose interest floors to zero (0.00000099 × 0.01 < 1e-8).
    expect(maxPrincipalUnits(0n, '0.01', 10, 8)).toBe(99n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: toUnits('1000000') }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 0, max: 8 }),
        (reserve, rateUnits, days, decimals) => {
          const rate = `0.${String(rateUnits).padStart(8, '0')}`;
          const max = maxPrincipalUnits(reserve, rate, days, decimals);
          const step = 10n ** BigInt(8 - decimals);
          expect(max % step).toBe(0n);
          expect(expectedIncomeUnits(max, rate, days, decimals) <= reserve).toBe(true);
          expect(expectedIncomeUnits(max + step, rate, days, decimals) > reserve).toBe(true);
        },
      ),
    );
  });
});

describe('reference annualized yield', () => {
  it('is what was paid over what it was paid on, × 365, floored to 6 decimals', () => {
    expect(referenceYield([])).toBeNull();
    expect(referenceYield([{ paid: 0n, principal: 0n }])).toBeNull();
    expect(referenceYield([{ paid: toUnits('0.5'), principal: toUnits('500') }])).toBe('0.365000');
    // Three days, principal changing: Σ paid ÷ Σ principal.
    const days = [
      { paid: toUnits('0.5'), principal: toUnits('500') },
      { paid: toUnits('0.6'), principal: toUnits('600') },
      { paid: toUnits('0.100299'), principal: toUnits('334.333333') },
    ];
    expect(referenceYield(days)).toBe('0.305444');
    expect(referenceYield(days.slice(2))).toBe('0.109498');
  });

  it('never shows more than the nominal rate the days were paid at', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: toUnits('1000000') }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 99_999 }),
        (principals, rateUnits) => {
          const rate = `0.${String(rateUnits).padStart(8, '0')}`;
          const got = referenceYield(
            principals.map((p) => ({ paid: dailyInterestUnits(p, rate, 6), principal: p })),
          );
          expect(toUnits(got!) * 10n ** 8n <= BigInt(rateUnits) * 365n * 10n ** 8n).toBe(true);
        },
      ),
    );
  });
});

describe('early redemption and amounts', () => {
  it('forfeits the interest paid from the principal', () => {
    expect(redeemUnits(toUnits('1000'), toUnits('4'))).toEqual({
      returned: toUnits('996'),
      forfeited: toUnits('4'),
    });
    expect(redeemUnits(toUnits('1000'), 0n)).toEqual({ returned: toUnits('1000'), forfeited: 0n });
  });

  it('refuses what the form and the server refuse alike', () => {
    expect(lockAmountProblem('', '100', 6)).toBe('required');
    expect(lockAmountProblem('1e3', '100', 6)).toBe('amountFormat');
    expect(lockAmountProblem('-5', '100', 6)).toBe('amountFormat');
    expect(lockAmountProblem('100.0000001', '100', 6)).toBe('tooManyDecimals');
    expect(lockAmountProblem('0', '100', 6)).toBe('amountPositive');
    expect(lockAmountProblem('99.999999', '100', 6)).toBe('lockmingBelowMin');
    expect(lockAmountProblem(' 100 ', '100', 6)).toBeNull();
  });
});
