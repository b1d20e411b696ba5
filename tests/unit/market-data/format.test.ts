import { describe, expect, it } from 'vitest';
import { makeFormatter } from '../../../server/market/data';

const btc = makeFormatter({ symbol: 'BTC/USDT', tickSize: '0.01', lotSize: '0.00001' });
const doge = makeFormatter({ symbol: 'DOGE/USDT', tickSize: '0.00001', lotSize: '1' });
// Steps that are not powers of ten, and a step with a redundant trailing zero.
const odd = makeFormatter({ symbol: 'ODD/USDT', tickSize: '0.05', lotSize: '0.250' });
const coarse = makeFormatter({ symbol: 'BIG/USDT', tickSize: '10', lotSize: '5' });

describe('makeFormatter: integers to canonical strings', () => {
  it.each([
    [btc, 0, '0.00'],
    [btc, 1, '0.01'],
    [btc, 6_400_000, '64000.00'],
    [btc, 123_456, '1234.56'],
    [doge, 15_000, '0.15000'],
    [odd, 3, '0.15'],
    [coarse, 7, '70'],
  ] as const)('price of %#', (fmt, ticks, text) => {
    expect(fmt.ticksToPrice(ticks)).toBe(text);
  });

  it.each([
    [btc, 1, '0.00001'],
    [btc, 100_000, '1.00000'],
    [doge, 42, '42'],
    [odd, 3, '0.75'],
    [coarse, 3, '15'],
  ] as const)('quantity of %#', (fmt, lots, text) => {
    expect(fmt.lotsToQty(lots)).toBe(text);
  });

  it('writes quote amounts exactly with tick + lot decimals', () => {
    // 64000.00 × 0.00150 = 96 USDT: 6_400_000 ticks × 150 lots.
    expect(btc.quoteUnitsToAmount(6_400_000 * 150)).toBe('96.0000000');
    expect(btc.amountDecimals).toBe(7);
    expect(odd.quoteUnitsToAmount(1)).toBe('0.0125');
    expect(coarse.quoteUnitsToAmount(2)).toBe('100');
  });

  it('handles values past 2^53 given as BigInt', () => {
    expect(btc.lotsToQty(2n ** 60n)).toBe('11529215046068.46976');
    expect(btc.quoteUnitsToAmount(10n ** 20n)).toBe('10000000000000.0000000');
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (bad) => {
    expect(() => btc.ticksToPrice(bad)).toThrow(RangeError);
    expect(() => btc.lotsToQty(bad)).toThrow(RangeError);
  });

  it('refuses a bad step', () => {
    expect(() => makeFormatter({ symbol: 'X/Y', tickSize: '0', lotSize: '1' })).toThrow(RangeError);
    expect(() => makeFormatter({ symbol: 'X/Y', tickSize: '1e-2', lotSize: '1' })).toThrow(RangeError);
  });
});

describe('makeFormatter: strings to integers, never rounding', () => {
  it.each([
    ['64000', 6_400_000],
    ['64000.00', 6_400_000],
    ['64000.1', 6_400_010],
    ['0.01', 1],
    ['0', 0],
    // Trailing zeros past the grid do not change the value, so they are on the grid.
    ['1.2300000', 123],
    ['007.50', 750],
  ])('price %s → %d ticks', (text, ticks) => {
    expect(btc.priceToTicks(text)).toBe(ticks);
  });

  it.each([
    ['0.001', 'finer than the tick'],
    ['1.234', 'finer than the tick'],
    ['1.2300001', 'a non-zero digit past the grid'],
    ['-1', 'a sign'],
    ['+1', 'a sign'],
    ['1e3', 'an exponent'],
    [' 1', 'spaces'],
    ['1 ', 'spaces'],
    ['1.', 'no fraction digits'],
    ['.5', 'no integer digits'],
    ['', 'empty'],
    ['1,5', 'a comma'],
    ['0x10', 'hex'],
    ['Infinity', 'junk'],
    ['NaN', 'junk'],
    ['1'.repeat(65), 'too long'],
    ['99999999999999999', 'beyond a safe integer of ticks'],
  ])('rejects price %j (%s)', (text) => {
    expect(btc.priceToTicks(text)).toBeNull();
  });

  it('checks the grid of steps that are not powers of ten', () => {
    expect(odd.priceToTicks('0.15')).toBe(3);
    expect(odd.priceToTicks('0.17')).toBeNull();
    expect(odd.qtyToLots('0.5')).toBe(2);
    expect(odd.qtyToLots('0.6')).toBeNull();
    expect(coarse.priceToTicks('70')).toBe(7);
    expect(coarse.priceToTicks('75')).toBeNull();
    expect(coarse.priceToTicks('70.0')).toBe(7);
    expect(coarse.priceToTicks('70.5')).toBeNull();
  });

  it.each([
    ['0.00001', 1],
    ['1.5', 150_000],
    ['0.000010', 1],
  ])('quantity %s → %d lots', (text, lots) => {
    expect(btc.qtyToLots(text)).toBe(lots);
  });

  it.each(['0.000001', '1.000015', '-0.1', '1e-5'])('rejects quantity %j', (text) => {
    expect(btc.qtyToLots(text)).toBeNull();
  });

  it('rejects non-strings without throwing', () => {
    expect(btc.priceToTicks(12 as unknown as string)).toBeNull();
  });

  it('round-trips every formatted value', () => {
    for (const ticks of [0, 1, 9, 10, 99, 100, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      expect(btc.priceToTicks(btc.ticksToPrice(ticks))).toBe(ticks);
      expect(odd.priceToTicks(odd.ticksToPrice(ticks))).toBe(ticks);
      expect(odd.qtyToLots(odd.lotsToQty(ticks))).toBe(ticks);
    }
  });
});
