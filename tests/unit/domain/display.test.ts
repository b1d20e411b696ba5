import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BCP47,
  formatCompact,
  formatNumber,
  formatPercent,
  localeSeparators,
  NO_NUMBER,
  parseAmount,
  tooManyDecimals,
  type Lang,
} from '../../../domain';

const LOCALES = Object.entries(BCP47) as [Lang, string][];

describe('formatNumber', () => {
  it.each([
    ['id', '100065.10598884', 2, '100.065,10'],
    ['en', '100065.10598884', 2, '100,065.10'],
    ['vi', '64291.439', 2, '64.291,43'],
    ['hi', '1234567.129', 2, '12,34,567.12'],
    ['zh', '0.999', 2, '0.99'],
    ['en', '5', 4, '5.0000'],
    ['en', '12345678901234567890.129', 2, '12,345,678,901,234,567,890.12'],
  ] as const)('%s %s at %d decimals → %s', (lang, value, decimals, want) => {
    expect(formatNumber(value, { locale: BCP47[lang], decimals })).toBe(want);
  });

  it('floors the magnitude of either sign and never shows a signed zero', () => {
    // Issue 29: a margin of 6.431588 showed "+6.43" frozen and "-6.44" released.
    expect(formatNumber('6.431588', { locale: 'en', decimals: 2, signed: true })).toBe('+6.43');
    expect(formatNumber('-6.431588', { locale: 'en', decimals: 2, signed: true })).toBe('-6.43');
    expect(formatNumber('-6.4637', { locale: 'id', decimals: 2 })).toBe('-6,46');
    expect(formatNumber('-0.019', { locale: 'en', decimals: 2 })).toBe('-0.01');
    expect(formatNumber('-0.009', { locale: 'en', decimals: 2 })).toBe('0.00');
    expect(formatNumber('-0.009', { locale: 'de-DE', decimals: 2 })).toBe('0,00');
    expect(formatNumber('-0.000', { locale: 'en', decimals: 2 })).toBe('0.00');
    expect(formatNumber('0.004', { locale: 'en', decimals: 2, signed: true })).toBe('0.00');
    expect(formatNumber('20', { locale: 'en', decimals: 2, signed: true })).toBe('+20.00');
  });

  it('trims only when asked and refuses what is not a decimal string', () => {
    expect(formatNumber('1.50000000', { locale: 'en', decimals: 8, trim: true })).toBe('1.5');
    expect(formatNumber('1e5', { locale: 'en' })).toBe(NO_NUMBER);
    expect(formatNumber('', { locale: 'en' })).toBe(NO_NUMBER);
  });

  it('never rounds up, in every locale (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(...LOCALES),
        (units, scale, decimals, [, locale]) => {
          const s = units.toString().padStart(scale + 1, '0');
          const value = scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
          const shown = formatNumber(value, { locale, decimals });
          const back = parseAmount(shown, locale);
          expect(back).not.toBeNull();
          const [int, frac = ''] = value.split('.');
          const want = decimals === 0 ? int : `${int}.${frac.padEnd(decimals, '0').slice(0, decimals)}`;
          expect(back).toBe(want!.replace(/^0+(?=\d)/, ''));
        },
      ),
    );
  });
});

/** Locales outside the product's eight: written by Intl.NumberFormat, not decimal-text.ts. */
const INTL_LOCALES = ['de-DE', 'fr-FR', 'en-US', 'en-IN', 'pt-BR', 'sv-SE', 'ru-RU'] as const;

/** A signed decimal string with up to 24 fraction digits (what the wire carries, and more). */
const signedDecimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 26n }), fc.integer({ min: 0, max: 24 }))
  .map(([negative, units, scale]) => {
    const s = units.toString().padStart(scale + 1, '0');
    return {
      negative,
      units,
      scale,
      text: (negative ? '-' : '') + (scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`),
    };
  });

/** The magnitude a formatted number shows, in units of 10^-decimals (its sign removed). */
function shownUnits(shown: string, locale: string, decimals: number): bigint {
  const magnitude = parseAmount(shown.replace(/^[-−+]/, ''), locale);
  expect(magnitude, `${locale} read back ${shown}`).not.toBeNull();
  const [int = '0', frac = ''] = magnitude!.split('.');
  expect(frac.length).toBeLessThanOrEqual(decimals);
  return BigInt(int + frac.padEnd(decimals, '0'));
}

describe('formatNumber floors the magnitude (spec §5, issue 29)', () => {
  const floorsMagnitude = (locales: readonly string[]) =>
    fc.property(
      signedDecimal,
      fc.integer({ min: 0, max: 20 }),
      fc.constantFrom(...locales),
      fc.boolean(),
      (v, decimals, locale, signed) => {
        const shown = formatNumber(v.text, { locale, decimals, signed });
        const got = shownUnits(shown, locale, decimals);
        // Both at the finer of the two scales: shown ≤ exact < shown + one unit of the last digit.
        const scale = Math.max(v.scale, decimals);
        const exact = v.units * 10n ** BigInt(scale - v.scale);
        const seen = got * 10n ** BigInt(scale - decimals);
        expect(seen <= exact, `${v.text} at ${decimals} in ${locale}: ${shown}`).toBe(true);
        expect(
          exact - seen < 10n ** BigInt(scale - decimals),
          `${v.text} at ${decimals} in ${locale}: ${shown}`,
        ).toBe(true);
        // The sign is the value's, and zero has none.
        const sign = /^[-−]/.test(shown) ? -1 : 1;
        expect(sign === -1).toBe(v.negative && got !== 0n);
        if (got === 0n) expect(shown).toMatch(/^\d/);
      },
    );

  it('in the eight product locales (property)', () => {
    fc.assert(floorsMagnitude(LOCALES.map(([, l]) => l)), { numRuns: 2000 });
  });

  it('in locales written by Intl.NumberFormat (property)', () => {
    fc.assert(floorsMagnitude(INTL_LOCALES), { numRuns: 1000 });
  });

  // Issue 30 item 5: the Intl path, reached only outside the product locales, had no test.
  it.each([
    ['de-DE', '1234.5678', 2, '1.234,56'],
    ['de-DE', '-1234.5678', 2, '-1.234,56'],
    ['de-DE', '0.999', 0, '0'],
    ['de-DE', '-0.999', 0, '0'],
    ['fr-FR', '-9.9999', 3, '-9,999'],
  ] as const)(
    '%s writes %s at %d decimals as %s, with the dropped digits cut',
    (locale, value, decimals, want) => {
      expect(formatNumber(value, { locale, decimals }).replace(/[\u00a0\u202f]/g, ' ')).toBe(want);
    },
  );
});

describe('formatCompact and formatPercent', () => {
  it('shortens volumes with the floor', () => {
    expect(formatCompact('56728.690055', { locale: 'en' })).toBe('56.72K');
    expect(formatCompact('999999.99', { locale: 'en' })).toBe('999.99K');
    expect(formatCompact('56728.690055', { locale: 'zh-CN' })).toBe('5.67万');
  });
  it('writes the sign of a change', () => {
    expect(formatPercent('-1.259', { locale: 'en' })).toBe('-1.25%');
    expect(formatPercent('1.259', { locale: 'id' })).toBe('+1,25%');
  });
});

describe('parseAmount', () => {
  it.each([
    ['id', '1,5', '1.5'],
    ['id', '1.5', '1.5'],
    ['id', '1.000', '1000'],
    ['id', '1.000,25', '1000.25'],
    ['en', '1,000', '1000'],
    ['en', '1,000.5', '1000.5'],
    ['en', '0.10', '0.10'],
    ['hi', '12,34,567.5', '1234567.5'],
    ['vi', '2,75', '2.75'],
    ['en', ' 007 ', '7'],
    ['en', '.5', '0.5'],
  ] as const)('%s "%s" → %s', (lang, text, want) => {
    expect(parseAmount(text, BCP47[lang])).toBe(want);
  });
  it.each([
    ['en', '1,5'],
    ['en', '-1'],
    ['en', '1e3'],
    ['en', ''],
    ['id', '1,5.0'],
    ['en', '1.2.3'],
  ] as const)('%s "%s" is refused', (lang, text) => {
    expect(parseAmount(text, BCP47[lang])).toBeNull();
  });
  it('knows the separators of every locale', () => {
    for (const [, locale] of LOCALES) {
      const { decimal, group } = localeSeparators(locale);
      expect(decimal).not.toBe(group);
    }
  });
  it('names the allowed decimals when there are too many', () => {
    expect(tooManyDecimals('1.1234567', 6)).toBe(6);
    expect(tooManyDecimals('1.123456', 6)).toBeNull();
  });
});
