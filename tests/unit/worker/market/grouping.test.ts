import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DepthLevel } from '../../../../domain';
import { checkViewOptions, groupBook, groupSide } from '../../../../worker/market/grouping';
import { formatScaled, toScaledBigInt } from '../../../../worker/market/scaled';
import { price, qty } from './depth-stream';

const bids: DepthLevel[] = [
  ['100.99', '0.1'],
  ['100.50', '0.2'],
  ['100.00', '0.3'],
  ['99.99', '1.000'],
  ['98.10', '0.005'],
];
const asks: DepthLevel[] = [
  ['101.01', '0.1'],
  ['101.99', '0.2'],
  ['102.00', '0.3'],
  ['102.01', '2'],
];

describe('grouping: buckets', () => {
  it('floors bids and ceils asks to the step, summing quantities exactly', () => {
    const g = groupBook(bids, asks, { rows: 10, step: '1', side: 'both' });
    expect(g.bids.map((r) => [r.price, r.qty])).toEqual([
      ['100', '0.600'],
      ['99', '1.000'],
      ['98', '0.005'],
    ]);
    // Sums are written with the most decimals a summed quantity had (the lot decimals, in real data).
    expect(g.asks.map((r) => [r.price, r.qty])).toEqual([
      ['102', '0.6'],
      ['103', '2.0'],
    ]);
    // A grouped ask is never below the real best ask, a grouped bid never above the real best bid.
    expect(Number(g.asks[0]!.price)).toBeGreaterThanOrEqual(101.01);
    expect(Number(g.bids[0]!.price)).toBeLessThanOrEqual(100.99);
  });

  it('keeps levels that already sit on the step as they are (no ceil past an exact ask)', () => {
    const g = groupBook([['100.00', '1']], [['102.00', '1']], { rows: 5, step: '0.1', side: 'both' });
    expect(g.bids[0]!.price).toBe('100.0');
    expect(g.asks[0]!.price).toBe('102.0');
  });

  it('groups by steps of 0.01, 0.1, 1 and 10', () => {
    const levels: DepthLevel[] = [['1234.56', '1']];
    const at = (step: string, side: 'bid' | 'ask') => {
      const g = groupSide(levels, side, step, 1);
      return formatScaled(g.buckets[0]!.steps * g.stepUnits, g.stepScale);
    };
    expect([at('0.01', 'bid'), at('0.1', 'bid'), at('1', 'bid'), at('10', 'bid')]).toEqual([
      '1234.56',
      '1234.5',
      '1234',
      '1230',
    ]);
    expect([at('0.01', 'ask'), at('0.1', 'ask'), at('1', 'ask'), at('10', 'ask')]).toEqual([
      '1234.56',
      '1234.6',
      '1235',
      '1240',
    ]);
    expect(at('0.5', 'bid')).toBe('1234.5');
    expect(at('0.5', 'ask')).toBe('1235.0');
  });

  it('sums with no float error (0.1 + 0.2 is 0.3)', () => {
    const g = groupBook(
      [
        ['1.00', '0.1'],
        ['1.00', '0.2'],
      ],
      [],
      { rows: 5, step: '1', side: 'buy' },
    );
    expect(g.bids[0]!.qty).toBe('0.3');
  });
});

describe('grouping: rows, totals, depth and sides', () => {
  it('returns at most N rows with cumulative totals and depth fractions on one scale', () => {
    const g = groupBook(bids, asks, { rows: 2, step: '1', side: 'both' });
    expect(g.bids).toEqual([
      { price: '100', qty: '0.600', total: '0.600', depth: 600 / 2600 },
      { price: '99', qty: '1.000', total: '1.600', depth: 1600 / 2600 },
    ]);
    expect(g.asks).toEqual([
      { price: '102', qty: '0.6', total: '0.6', depth: 600 / 2600 },
      { price: '103', qty: '2.0', total: '2.6', depth: 1 },
    ]);
  });

  it('buy-only and sell-only views select one side; the bar scale follows the side shown', () => {
    const buy = groupBook(bids, asks, { rows: 5, step: '0.01', side: 'buy' });
    expect(buy.asks).toEqual([]);
    expect(buy.bids).toHaveLength(5);
    expect(buy.bids.at(-1)!.depth).toBe(1);
    const sell = groupBook(bids, asks, { rows: 5, step: '0.01', side: 'sell' });
    expect(sell.bids).toEqual([]);
    expect(sell.asks.map((r) => r.price)).toEqual(['101.01', '101.99', '102.00', '102.01']);
    expect(sell.asks.at(-1)!.total).toBe('2.6');
  });

  it('handles an empty book', () => {
    expect(groupBook([], [], { rows: 5, step: '1', side: 'both' })).toEqual({ bids: [], asks: [] });
  });

  it('rejects invalid options', () => {
    expect(() => checkViewOptions({ rows: 0, step: '1', side: 'both' })).toThrow(RangeError);
    expect(() => checkViewOptions({ rows: 5, step: '0', side: 'both' })).toThrow(RangeError);
    expect(() => checkViewOptions({ rows: 5, step: '-1', side: 'both' })).toThrow(RangeError);
    expect(() => checkViewOptions({ rows: 5, step: '1e2', side: 'both' })).toThrow(RangeError);
    expect(() => checkViewOptions({ rows: 5, step: '1', side: 'all' as 'both' })).toThrow(RangeError);
    expect(() => checkViewOptions({ rows: 20, step: '0.01', side: 'sell' })).not.toThrow();
  });

  it('property: buckets match decimal.js floor/ceil and sums, totals add up, depth is monotone in 0..1', () => {
    const level = fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 9_999_999 }));
    fc.assert(
      fc.property(
        fc.uniqueArray(level, { selector: (l) => l[0], maxLength: 60 }),
        fc.constantFrom('0.01', '0.1', '0.5', '1', '10', '25'),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        (raw, step, rows, isBid) => {
          const levels: DepthLevel[] = raw
            .sort((a, b) => (isBid ? b[0] - a[0] : a[0] - b[0]))
            .map(([c, m]) => [price(c), qty(m)]);
          const g = groupBook(isBid ? levels : [], isBid ? [] : levels, {
            rows,
            step,
            side: isBid ? 'buy' : 'sell',
          });
          const out = isBid ? g.bids : g.asks;
          // Reference with decimal.js.
          const ref = new Map<string, Decimal>();
          for (const [p, q] of levels) {
            const k = new Decimal(p).div(step)[isBid ? 'floor' : 'ceil']().mul(step).toString();
            ref.set(k, (ref.get(k) ?? new Decimal(0)).plus(q));
          }
          const expected = [...ref.entries()].slice(0, rows);
          expect(out.map((r) => [new Decimal(r.price).toString(), r.qty])).toEqual(
            expected.map(([k, v]) => [k, v.toFixed(3)]),
          );
          let total = 0n;
          let depth = 0;
          for (const r of out) {
            total += toScaledBigInt(r.qty, 3);
            expect(r.total).toBe(formatScaled(total, 3));
            expect(r.depth).toBeGreaterThanOrEqual(depth);
            expect(r.depth).toBeLessThanOrEqual(1);
            depth = r.depth;
          }
          if (out.length > 0) expect(out.at(-1)!.depth).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
