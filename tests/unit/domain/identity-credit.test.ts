import { describe, expect, it } from 'vitest';
import { creditBreakdown, CREDIT_FACTORS, type CreditFacts } from '../../../domain/identity-credit';

const none: CreditFacts = {
  accountAgeDays: 0,
  identityVerified: false,
  tradePasswordSet: false,
  filledOrders: 0,
  cancelledUnfilled: 0,
};

const points = (facts: Partial<CreditFacts>) =>
  Object.fromEntries(creditBreakdown({ ...none, ...facts }, 0).factors.map((f) => [f.key, f.points]));

describe('credit score breakdown', () => {
  it('lists every published factor in order, and a new account scores the base alone', () => {
    const r = creditBreakdown(none, 123);
    expect(r.factors.map((f) => f.key)).toEqual([...CREDIT_FACTORS]);
    expect(r).toMatchObject({ score: 55, computedAt: 123 });
    expect(Object.is(r.factors.find((f) => f.key === 'cancellations')!.points, 0)).toBe(true);
  });

  it.each([
    [{ accountAgeDays: 29 }, 'accountAge', 0],
    [{ accountAgeDays: 30 }, 'accountAge', 1],
    [{ accountAgeDays: 95 }, 'accountAge', 3],
    [{ accountAgeDays: 10_000 }, 'accountAge', 10],
    [{ identityVerified: true }, 'identity', 20],
    [{ tradePasswordSet: true }, 'tradePassword', 5],
    [{ filledOrders: 9 }, 'trading', 0],
    [{ filledOrders: 57 }, 'trading', 5],
    [{ filledOrders: 5000 }, 'trading', 10],
    [{ cancelledUnfilled: 4 }, 'cancellations', 0],
    [{ cancelledUnfilled: 12 }, 'cancellations', -2],
    [{ cancelledUnfilled: 900 }, 'cancellations', -10],
  ] as const)('%j gives %s %i points', (facts, key, want) => {
    expect(points(facts)[key]).toBe(want);
  });

  it('sums the factors within 0..100', () => {
    const best = creditBreakdown(
      {
        accountAgeDays: 400,
        identityVerified: true,
        tradePasswordSet: true,
        filledOrders: 100,
        cancelledUnfilled: 0,
      },
      0,
    );
    expect(best.score).toBe(100);
    const mixed = creditBreakdown({ ...none, identityVerified: true, cancelledUnfilled: 50 }, 0);
    expect(mixed.score).toBe(55 + 20 - 10);
    expect(mixed.score).toBe(mixed.factors.reduce((s, f) => s + f.points, 0));
  });
});
