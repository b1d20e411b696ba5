import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedNextSeq, fitsCapacity, floorDiv } from '../../../server/market/engine/request-checks';
import { IdempotencyCache } from '../../../server/market/engine/idempotency-cache';
import { ENGINES, Harness } from './engine-harness';

describe('floorDiv', () => {
  it('equals exact bigint division for any safe integers, including near 2^53', () => {
    const safe = fc.oneof(
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: Number.MAX_SAFE_INTEGER - 10_000, max: Number.MAX_SAFE_INTEGER }),
    );
    const divisor = fc.oneof(
      fc.integer({ min: 1, max: 1000 }),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    );
    fc.assert(
      fc.property(safe, divisor, (a, b) => {
        expect(floorDiv(a, b)).toBe(Number(BigInt(a) / BigInt(b)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('capacity and sequence checks', () => {
  it('fitsCapacity keeps side notional a safe integer', () => {
    expect(fitsCapacity(0, 2 ** 26, 2 ** 26)).toBe(true);
    expect(fitsCapacity(2 ** 52, 2 ** 26, 2 ** 26)).toBe(false);
  });

  it('checkedNextSeq continues above the highest restored sequence', () => {
    expect(checkedNextSeq(7, undefined)).toBe(8);
    expect(checkedNextSeq(7, 100)).toBe(100);
    expect(() => checkedNextSeq(7, 7)).toThrow(/nextSeq/);
    expect(() => checkedNextSeq(7, 8.5)).toThrow(/nextSeq/);
  });

  it('rejects a negative idempotency window', () => {
    expect(() => new IdempotencyCache(-1)).toThrow();
    expect(IdempotencyCache.key(12, 'ab')).toBe('12:ab');
  });
});

describe.each(ENGINES)('%s: restore with an explicit next sequence', (_name, make) => {
  it('uses nextSeq for the following orders and refuses one that is not above the restored ones', () => {
    const h = new Harness(make);
    h.engine.restore([{ orderId: 3, userId: 1, side: 'buy', priceTicks: 99, lots: 2, seq: 5 }], 40);
    h.skipIdsTo(4);
    expect(h.limit(2, 'buy', 98, 1).seq).toBe(40);
    expect(() =>
      new Harness(make).engine.restore(
        [{ orderId: 3, userId: 1, side: 'buy', priceTicks: 99, lots: 2, seq: 5 }],
        5,
      ),
    ).toThrow(/nextSeq/);
  });
});
