import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownSymbols, writeDecimal } from '../../../domain/decimal-text';
import { BCP47 } from '../../../domain/locale';

const LOCALES = Object.values(BCP47);

/** What ECMA-402 writes for the same choices: the reference the hand-written path must match. */
function viaIntl(value: string, locale: string, decimals: number, trim: boolean, signed: boolean): string {
  const options = {
    minimumFractionDigits: trim ? 0 : decimals,
    maximumFractionDigits: decimals,
    roundingMode: 'trunc',
    ...(signed && { signDisplay: 'exceptZero' }),
  } as Intl.NumberFormatOptions;
  const out = (new Intl.NumberFormat(locale, options).format as unknown as (v: string) => string)(value);
  return /^[^1-9]*$/.test(out) ? out.replace(/^[-−+]/, '') : out;
}

const decimalString = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.bigInt({ min: 0n, max: 10n ** 22n }),
    fc.integer({ min: 0, max: 14 }),
  )
  .map(([sign, units, scale]) => {
    const s = units.toString().padStart(scale + 1, '0');
    return sign + (scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`);
  });

describe('decimal text', () => {
  it('knows every product locale and no other', () => {
    for (const locale of LOCALES) expect(knownSymbols(locale)).toBeDefined();
    expect(knownSymbols('fr')).toBeUndefined();
    expect(knownSymbols('en-IN')).toBeUndefined();
    expect(knownSymbols('constructor')).toBeUndefined();
  });

  it('writes exactly what Intl.NumberFormat writes, in every product locale (property)', () => {
    fc.assert(
      fc.property(
        decimalString,
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(...LOCALES),
        (value, decimals, trim, signed, locale) => {
          const mine = writeDecimal(value, knownSymbols(locale)!, { decimals, trim, signed });
          expect(mine).toBe(viaIntl(value, locale, decimals, trim, signed));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['-0.001', 2, '0.00'],
    ['-9.999', 2, '-9.99'],
    ['-999.5', 0, '-999'],
    ['-6.4637', 2, '-6.46'],
    ['-0.000', 2, '0.00'],
    ['0007.5', 1, '7.5'],
  ] as const)('floors the magnitude of %s at %d decimals to %s (en)', (value, decimals, want) => {
    expect(writeDecimal(value, knownSymbols('en')!, { decimals, trim: false, signed: false })).toBe(want);
  });

  it('groups by lakh in hi and by thousands elsewhere', () => {
    const opts = { decimals: 0, trim: false, signed: false };
    expect(writeDecimal('123456789', knownSymbols('hi')!, opts)).toBe('12,34,56,789');
    expect(writeDecimal('123456789', knownSymbols('id')!, opts)).toBe('123.456.789');
    expect(writeDecimal('1234', knownSymbols('vi')!, opts)).toBe('1.234');
  });
});
