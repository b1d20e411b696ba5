import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../../../domain/ieo-math';
import { parseIeoProject, subscribeProblem } from '../../../domain/ieo-rules';

const commitsArb = fc.array(fc.bigInt({ min: 1n, max: 10n ** 15n }), { minLength: 0, maxLength: 40 });

describe('pro-rata allocation (domain/ieo-math.ts)', () => {
  it('never allocates more than the total, nor more than a commit buys, and loses no unit', () => {
    fc.assert(
      fc.property(
        commitsArb,
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        (commits, totalLots, lotCost) => {
          const a = allocate(commits, totalLots, lotCost);
          let sumLots = 0n;
          let sumBack = 0n;
          const all = commits.reduce((s, c) => s + c, 0n);
          expect(a.allCommits).toBe(all);
          a.lines.forEach((l, i) => {
            const c = commits[i]!;
            expect(l.lots).toBeGreaterThanOrEqual(0n);
            expect(l.cost).toBe(l.lots * lotCost);
            // Each allocation costs at most its commit; the refund is the rest, never negative.
            expect(l.cost).toBeLessThanOrEqual(c);
            expect(l.refund).toBeGreaterThanOrEqual(0n);
            expect(l.refund + l.cost).toBe(c);
            // Floors only: the exact share, rounded down, never up.
            if (a.oversubscribed) {
              expect(l.lots * all).toBeLessThanOrEqual(c * totalLots);
              expect((l.lots + 1n) * all).toBeGreaterThan(c * totalLots);
            } else {
              expect(l.lots).toBe(c / lotCost);
            }
            sumLots += l.lots;
            sumBack += l.refund + l.cost;
          });
          expect(sumLots).toBeLessThanOrEqual(totalLots);
          expect(a.allocatedLots).toBe(sumLots);
          expect(a.remainderLots).toBe(totalLots - sumLots);
          expect(sumBack).toBe(all);
          expect(a.oversubscribed).toBe(all > totalLots * lotCost);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives each subscriber their full amount when undersubscribed', () => {
    const a = allocate([250n, 100n, 99n], 10n, 50n);
    expect(a.oversubscribed).toBe(false);
    expect(a.lines.map((l) => l.lots)).toEqual([5n, 2n, 1n]);
    expect(a.lines.map((l) => l.refund)).toEqual([0n, 0n, 49n]);
    expect(a.remainderLots).toBe(2n);
  });

  it('floors commit × total ÷ all commits when oversubscribed; the remainder stays with the issuer', () => {
    // 3 subscribers committing 1000 each for 10 lots of 100: each gets floor(1000 × 10 / 3000) = 3.
    const a = allocate([1000n, 1000n, 1000n], 10n, 100n);
    expect(a.oversubscribed).toBe(true);
    expect(a.lines.map((l) => [l.lots, l.cost, l.refund])).toEqual([
      [3n, 300n, 700n],
      [3n, 300n, 700n],
      [3n, 300n, 700n],
    ]);
    expect(a.remainderLots).toBe(1n);
  });

  it('refuses nonsense inputs rather than dividing by them', () => {
    expect(() => allocate([1n], 1n, 0n)).toThrow(new RangeError('lot cost must be positive'));
    expect(() => allocate([0n], 1n, 1n)).toThrow(new RangeError('a commit must be positive'));
    expect(() => allocate([1n], -1n, 1n)).toThrow(new RangeError('total lots must not be negative'));
    // A project with nothing left to allocate refunds every commit in full.
    expect(allocate([5n], 0n, 1n).lines).toEqual([{ lots: 0n, cost: 0n, refund: 5n }]);
  });
});

describe('subscription and project checks (domain/ieo-rules.ts)', () => {
  const limits = { quoteDecimals: 2, lotCostUnits: 10n * 10n ** 8n, capUnits: 100n * 10n ** 8n };
  it('names the first problem of an amount', () => {
    expect(subscribeProblem('', limits, 0n)).toBe('required');
    expect(subscribeProblem('1e3', limits, 0n)).toBe('amountFormat');
    expect(subscribeProblem('10.001', limits, 0n)).toBe('ieoTooManyDecimals');
    expect(subscribeProblem('0', limits, 0n)).toBe('amountPositive');
    expect(subscribeProblem('9.99', limits, 0n)).toBe('ieoBelowLot');
    expect(subscribeProblem('100.01', limits, 0n)).toBe('ieoAboveCap');
    expect(subscribeProblem('50', limits, 60n * 10n ** 8n)).toBe('ieoAboveCap');
    expect(subscribeProblem('40', limits, 60n * 10n ** 8n)).toBeNull();
  });

  const req = {
    name: 'Nova',
    coin: 'nova',
    coinName: 'Nova Token',
    coinDecimals: '4',
    quote: 'USDT',
    price: '0.25',
    lot: '10',
    total: '1000',
    cap: '100',
    preheatAt: '1000',
    opensAt: '2000',
    closesAt: '3000',
    website: 'https://nova.example',
  };
  it('checks a project: the lot costs exact quote units, the total is whole lots, windows in order', () => {
    const ok = parseIeoProject(req, 6);
    expect('ok' in ok && ok.ok).toMatchObject({
      coin: 'NOVA',
      lotCostUnits: 25n * 10n ** 7n,
      totalLots: 100n,
      price: '0.25',
      total: '1000',
    });
    expect(parseIeoProject({ ...req, total: '1005' }, 6)).toEqual({
      field: 'total',
      key: 'ieoProjectInvalid',
    });
    expect(parseIeoProject({ ...req, lot: '0.01', price: '0.25' }, 2)).toEqual({
      field: 'lot',
      key: 'ieoProjectInvalid',
    });
    expect(parseIeoProject({ ...req, closesAt: '2000' }, 6)).toEqual({
      field: 'closesAt',
      key: 'ieoProjectInvalid',
    });
    expect(parseIeoProject({ ...req, quote: 'XYZ' }, undefined)).toEqual({
      field: 'quote',
      key: 'unknownCoin',
    });
    expect(parseIeoProject({ ...req, website: 'http://x' }, 6)).toEqual({
      field: 'website',
      key: 'ieoProjectInvalid',
    });
    expect(parseIeoProject({ ...req, lot: '1.00001' }, 6)).toEqual({
      field: 'lot',
      key: 'ieoTooManyDecimals',
    });
  });
});
