// The display formatter's edges (domain/display.ts, domain/decimal-text.ts): the Intl path for a
// locale outside the product's eight (de-DE), each option on its own so a shared cached formatter
// would show, the decimals clamp, compact and percent forms, and grouping at every length.
// Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import { knownSymbols, writeDecimal } from '../../../domain/decimal-text';
import {
  NO_NUMBER,
  formatCompact,
  formatNumber,
  formatPercent,
  fractionDigits,
  isDecimalString,
} from '../../../domain/display';

describe('formatNumber on the Intl path (de-DE)', () => {
  const de = (value: string, o: { decimals?: number; trim?: boolean; signed?: boolean } = {}) =>
    formatNumber(value, { locale: 'de-DE', ...o });

  it('never rounds up, for either sign, and groups with the locale’s symbols', () => {
    expect(de('1234567.899')).toBe('1.234.567,89');
    expect(de('-1234567.899')).toBe('-1.234.567,89');
    expect(de('0.999', { decimals: 0 })).toBe('0');
  });

  it('each option gets its own formatter', () => {
    expect(de('1.5')).toBe('1,50');
    expect(de('1.5', { trim: true })).toBe('1,5');
    expect(de('1.5', { signed: true })).toBe('+1,50');
    expect(de('1.5', { decimals: 3 })).toBe('1,500');
    expect(de('1.5', { decimals: 3, trim: true })).toBe('1,5');
    expect(formatNumber('1.5', { locale: 'fr-FR' })).toBe('1,50');
    expect(formatNumber('1.5', { locale: 'en-US' })).toBe('1.50');
    expect(de('1.5')).toBe('1,50');
  });

  it('zero has no sign, also when a value floors to zero from below', () => {
    expect(de('-0.001')).toBe('0,00');
    expect(de('-0.001', { signed: true })).toBe('0,00');
    expect(de('0', { signed: true })).toBe('0,00');
    expect(de('-0.01', { signed: true })).toBe('-0,01');
  });

  it('clamps decimals to 0..20, whole', () => {
    expect(de('1.99', { decimals: -3 })).toBe('1');
    expect(de('1.99', { decimals: 1.9 })).toBe('1,9');
    expect(de('0.123456789012345678912', { decimals: 25 })).toBe('0,12345678901234567891');
    expect(formatNumber('1.99', { locale: 'en', decimals: -1 })).toBe('1');
  });

  it('shows anything that is not a decimal string as a dash', () => {
    for (const bad of ['', ' ', '1e5', '1.', '.5', '1,5', 'NaN', '--1']) expect(de(bad)).toBe(NO_NUMBER);
    expect(de(' 2.5 ')).toBe('2,50');
  });
});

describe('the other display helpers', () => {
  it('compact volumes, floored, and a dash for non-numbers', () => {
    expect(formatCompact('56728.69', { locale: 'en' })).toBe('56.72K');
    expect(formatCompact('56728.69', { locale: 'en', decimals: 0 })).toBe('56K');
    expect(formatCompact('56789.69', { locale: 'en', decimals: 1 })).toBe('56.7K');
    expect(formatCompact(' 999 ', { locale: 'en' })).toBe('999');
    expect(formatCompact('abc', { locale: 'en' })).toBe(NO_NUMBER);
  });

  it('percentages are signed and carry a percent sign; not-a-number stays a bare dash', () => {
    expect(formatPercent('1.259', { locale: 'en' })).toBe('+1.25%');
    expect(formatPercent('-1.259', { locale: 'de-DE' })).toBe('-1,25%');
    expect(formatPercent('x', { locale: 'en' })).toBe(NO_NUMBER);
  });

  it('decimal strings and their fraction digits', () => {
    expect(isDecimalString('-12.50')).toBe(true);
    expect(isDecimalString('+1')).toBe(true);
    expect(isDecimalString('1.')).toBe(false);
    expect(isDecimalString(' 1')).toBe(false);
    expect(fractionDigits('1.250')).toBe(3);
    expect(fractionDigits('7')).toBe(0);
  });
});

describe('decimal text grouping', () => {
  const en = knownSymbols('en')!;
  const hi = knownSymbols('hi')!;
  const id = knownSymbols('id')!;
  const plain = { decimals: 0, trim: false, signed: false };

  it('groups by three, or by two before the last three in hi, at every length', () => {
    const digits = '1234567890';
    const western = [
      '1',
      '12',
      '123',
      '1,234',
      '12,345',
      '123,456',
      '1,234,567',
      '12,345,678',
      '123,456,789',
      '1,234,567,890',
    ];
    const lakh = [
      '1',
      '12',
      '123',
      '1,234',
      '12,345',
      '1,23,456',
      '12,34,567',
      '1,23,45,678',
      '12,34,56,789',
      '1,23,45,67,890',
    ];
    for (let n = 1; n <= 10; n++) {
      expect(writeDecimal(digits.slice(0, n), en, plain)).toBe(western[n - 1]);
      expect(writeDecimal(digits.slice(0, n), hi, plain)).toBe(lakh[n - 1]);
    }
    expect(writeDecimal('1234.5', id, { ...plain, decimals: 2 })).toBe('1.234,50');
  });

  it('drops leading zeros but keeps one, and writes the sign only on non-zero values', () => {
    expect(writeDecimal('000123.4', en, plain)).toBe('123');
    expect(writeDecimal('0.004', en, { ...plain, decimals: 2 })).toBe('0.00');
    expect(writeDecimal('-0.004', en, { ...plain, decimals: 2, signed: true })).toBe('0.00');
    expect(writeDecimal('+5', en, { ...plain, signed: true })).toBe('+5');
    expect(writeDecimal('-5.129', en, { decimals: 2, trim: true, signed: true })).toBe('-5.12');
    expect(writeDecimal('5.100', en, { decimals: 2, trim: true, signed: false })).toBe('5.1');
    expect(writeDecimal('5.001', en, { decimals: 2, trim: true, signed: false })).toBe('5');
    expect(knownSymbols('de-DE')).toBeUndefined();
    expect(knownSymbols('toString')).toBeUndefined();
  });
});
