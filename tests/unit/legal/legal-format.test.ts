import { describe, expect, it } from 'vitest';
import { clockText, durationParts, fiatText, qtyText, rateText } from '../../../src/pages/legal/legal-format';

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
  it('formats fiat with 2 decimals and quantities without trailing zeros, floored', () => {
    expect(fiatText('1234.5', 'id')).toBe('1.234,50');
    expect(qtyText('14.280000', 6, 'en')).toBe('14.28');
    expect(qtyText('0.0000019', 6, 'en')).toBe('0.000001');
  });
});
