import { describe, expect, it } from 'vitest';
import { bankCredit, shareOf, withdrawReceive } from '../../../domain';

describe('bankCredit', () => {
  it('multiplies exactly and floors to the coin decimals, never rounding up', () => {
    expect(bankCredit('120.5', '1', 6)).toBe('120.500000');
    expect(bankCredit('10.01', '0.999999', 6)).toBe('10.009989');
    // 33.33 × 0.3 = 9.999 exactly; 2 decimals floor it to 9.99.
    expect(bankCredit('33.33', '0.3', 2)).toBe('9.99');
    // 15241578753196.6814666192988 exactly: more digits than decimal.js keeps by default.
    expect(bankCredit('12345678901234.99', '1.23456789012', 8)).toBe('15241578753196.68146661');
  });

  it('answers null for input that is not a plain non-negative decimal', () => {
    expect(bankCredit('-1', '1', 6)).toBeNull();
    expect(bankCredit('1e3', '1', 6)).toBeNull();
    expect(bankCredit('10', 'abc', 6)).toBeNull();
  });
});

describe('shareOf', () => {
  it('takes whole percents of a balance, floored', () => {
    expect(shareOf('10', 25, 6)).toBe('2.500000');
    expect(shareOf('0.00000003', 50, 8)).toBe('0.00000001');
    expect(shareOf('987.654321', 100, 6)).toBe('987.654321');
    expect(shareOf('1', 33, 0)).toBe('0');
  });

  it('answers null for a fractional or out-of-range percent', () => {
    expect(shareOf('10', 12.5, 2)).toBeNull();
    expect(shareOf('10', 101, 2)).toBeNull();
    expect(shareOf('10', -1, 2)).toBeNull();
  });
});

describe('withdrawReceive', () => {
  it('is amount minus fee, floored, and zero when the fee takes it all', () => {
    expect(withdrawReceive('100', '1', 6)).toBe('99.000000');
    expect(withdrawReceive('1', '1', 6)).toBe('0.000000');
  });
});
