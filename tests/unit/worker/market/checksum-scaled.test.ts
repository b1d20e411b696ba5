import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthChecksum, type DepthLevel } from '../../../../domain';
import { fastDepthChecksum } from '../../../../worker/market/checksum';
import {
  formatScaled,
  fractionDigits,
  isZeroDecimal,
  toScaledBigInt,
  toScaledNumber,
} from '../../../../worker/market/scaled';

const decimal = fc
  .tuple(fc.nat({ max: 9_999_999 }), fc.option(fc.stringMatching(/^\d{1,8}$/), { nil: undefined }))
  .map(([i, f]) => (f === undefined ? String(i) : `${i}.${f}`));
const level = fc.tuple(decimal, decimal) as fc.Arbitrary<DepthLevel>;

describe('fastDepthChecksum', () => {
  it('equals the domain depthChecksum on any book (uneven, empty, deeper than 25 levels)', () => {
    fc.assert(
      fc.property(fc.array(level, { maxLength: 40 }), fc.array(level, { maxLength: 40 }), (bids, asks) => {
        expect(fastDepthChecksum(bids, asks)).toBe(depthChecksum(bids, asks));
      }),
      { numRuns: 500 },
    );
    expect(fastDepthChecksum([], [])).toBe(depthChecksum([], []));
  });
});

describe('scaled integers', () => {
  it('keys decimal strings exactly and rejects what it cannot key exactly', () => {
    expect(toScaledNumber('60000.12', 2)).toBe(6_000_012);
    expect(toScaledNumber('60000.1', 2)).toBe(6_000_010);
    expect(toScaledNumber('7', 3)).toBe(7000);
    expect(toScaledNumber('0.00000001', 8)).toBe(1);
    for (const bad of ['', '.5', '5.', '-1', '1e3', '1.2.3', ' 1', '0x10'])
      expect(() => toScaledNumber(bad, 8)).toThrow(RangeError);
    expect(() => toScaledNumber('1.234', 2)).toThrow(RangeError);
    expect(() => toScaledNumber('99999999999.999999', 6)).toThrow(RangeError);
  });

  it('preserves order exactly where floats would not', () => {
    expect(toScaledNumber('123456789.12345', 5)).toBeGreaterThan(toScaledNumber('123456789.12344', 5));
  });

  it('detects zero quantities in any spelling', () => {
    expect(['0', '0.0', '0.000', '000'].map(isZeroDecimal)).toEqual([true, true, true, true]);
    expect(['0.001', '1', '10.0'].map(isZeroDecimal)).toEqual([false, false, false]);
    expect(() => isZeroDecimal('')).toThrow(RangeError);
    expect(() => isZeroDecimal('-0')).toThrow(RangeError);
  });

  it('round-trips through BigInt', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 4 }), (d, extra) => {
        const scale = fractionDigits(d) + extra;
        const text = formatScaled(toScaledBigInt(d, scale), scale);
        expect(fractionDigits(text)).toBe(scale);
        expect(new Decimal(text).eq(d)).toBe(true);
      }),
    );
    expect(formatScaled(5n, 3)).toBe('0.005');
    expect(formatScaled(0n, 2)).toBe('0.00');
    expect(formatScaled(1230n, 0)).toBe('1230');
  });
});
