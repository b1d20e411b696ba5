import { describe, expect, it } from 'vitest';
import { floorDecimal, hasAtMostDecimals } from '../../../domain';

describe('floorDecimal (spec §5: floored, never rounded up, default 2 decimals)', () => {
  it.each([
    ['1.239', undefined, '1.23'],
    ['1.999999', undefined, '1.99'],
    ['0.1', undefined, '0.10'],
    ['12', undefined, '12.00'],
    ['0.009', undefined, '0.00'],
    ['-1.231', undefined, '-1.24'],
    ['-0.001', undefined, '-0.01'],
    ['123456789012345678901234567890.129', undefined, '123456789012345678901234567890.12'],
    ['1.23456789', 8, '1.23456789'],
    ['1.23456789', 4, '1.2345'],
    ['7.9', 0, '7'],
  ])('floors %s to %s decimals as %s', (input, decimals, expected) => {
    expect(floorDecimal(input, decimals)).toBe(expected);
  });

  it('is exact where binary floats are not (0.1 + 0.2 style inputs)', () => {
    expect(floorDecimal('0.29', 2)).toBe('0.29');
    expect(floorDecimal(0.29, 2)).toBe('0.29');
    expect(floorDecimal('1.005', 2)).toBe('1.00');
  });

  it('rejects non-numbers and bad decimal counts', () => {
    expect(() => floorDecimal('abc')).toThrow(RangeError);
    expect(() => floorDecimal('1e5')).toThrow(RangeError);
    expect(() => floorDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => floorDecimal('1', -1)).toThrow(RangeError);
    expect(() => floorDecimal('1', 1.5)).toThrow(RangeError);
  });

  it('checks decimal places', () => {
    expect(hasAtMostDecimals('1.23', 2)).toBe(true);
    expect(hasAtMostDecimals('1.234', 2)).toBe(false);
    expect(hasAtMostDecimals('5', 0)).toBe(true);
    expect(hasAtMostDecimals('x', 2)).toBe(false);
  });
});
