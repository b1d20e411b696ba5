import { describe, expect, it } from 'vitest';
import { clockText, durationParts, fiatText, rateText } from '../../../src/pages/legal/legal-format';

describe('fiat display helpers', () => {
  it('shows a completion rate as a floored percentage in the language format', () => {
    expect(rateText('1.0000', 'en')).toBe('100%');
    expect(rateText('0.9583', 'en')).toBe('95.83%');
    expect(rateText('0.9583', 'id')).toBe('95,83%');
    expect(rateText('0.0500', 'en')).toBe('5%');
    expect(rateText(null, 'en')).toBe('—');
  });
  it('counts down in mm:ss, never below zero, rounding a started second up', () => {
    expect(clockText(600_000)).toBe('10:00');
    expect(clockText(599_001)).toBe('10:00');
    expect(clockText(59_000)).toBe('00:59');
    expect(clockText(-5)).toBe('00:00');
  });
  it('picks the unit of a median release time', () => {
    expect(durationParts(42)).toEqual({ unit: 'sec', n: 42 });
    expect(durationParts(150)).toEqual({ unit: 'min', n: 3 });
    expect(durationParts(7200)).toEqual({ unit: 'hour', n: 2 });
  });
  // Coin quantities are CoinAmount's (tests/unit/ui/p2p-amounts.test.ts).
  it('formats fiat with 2 decimals, floored', () => {
    expect(fiatText('1234.5', 'id')).toBe('1.234,50');
    expect(fiatText('9.999', 'en')).toBe('9.99');
  });
});
