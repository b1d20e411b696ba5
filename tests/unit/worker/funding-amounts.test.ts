import { describe, expect, it } from 'vitest';
import { amounts } from '../../../worker/assets/funding';

describe('worker amounts: convert (bank deposit credit)', () => {
  it('multiplies exactly and floors to the coin decimals', () => {
    expect(amounts({ convert: { amount: '120.50', rate: '1', decimals: 6 } }).convert).toBe('120.500000');
    expect(amounts({ convert: { amount: '100', rate: '0.0000153', decimals: 8 } }).convert).toBe(
      '0.00153000',
    );
    expect(amounts({ convert: { amount: '33.33', rate: '0.333333333', decimals: 6 } }).convert).toBe(
      '11.109999',
    );
    expect(amounts({ convert: { amount: '7', rate: '3', decimals: 0 } }).convert).toBe('21');
  });

  it('keeps every digit of large products (no 20-digit rounding)', () => {
    const out = amounts({ convert: { amount: '99999999.99', rate: '1.23456789123456789', decimals: 8 } });
    // 99999999.99 × 1.23456789123456789 = 123456789.1111111100876543211, floored.
    expect(out.convert).toBe('123456789.11111111');
  });

  it('answers null for input that is not a non-negative decimal', () => {
    for (const [amount, rate] of [
      ['', '1'],
      ['abc', '1'],
      ['-1', '1'],
      ['1', ''],
      ['1e3', '1'],
    ] as const) {
      expect(amounts({ convert: { amount, rate, decimals: 2 } }).convert).toBeNull();
    }
  });

  it('leaves the other answers out when only convert is asked', () => {
    expect(Object.keys(amounts({ convert: { amount: '1', rate: '1', decimals: 2 } }))).toEqual(['convert']);
  });
});
