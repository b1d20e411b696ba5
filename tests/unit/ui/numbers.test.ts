import { describe, expect, it } from 'vitest';
import { coinDisplayDecimals, priceDecimals, qtyDecimals } from '../../../domain/market';
import { LANGS, BCP47 } from '../../../domain/locale';
import { problemError } from '../../../src/forms/rules-resolver';
import { coinOf, losesDigits, numbersFor, readAmount } from '../../../src/i18n/numbers';
import { orderProblems } from '../../../src/pages/trade/order-inputs';

const BTC_USDT = { tickSize: '0.01', lotSize: '0.00001' };
const USDT = { decimals: 6, displayDecimals: 2 };
const BTC = { decimals: 8, displayDecimals: 6 };

describe('coin and pair decimals', () => {
  it('come from the catalog, with the spec default 2 and never above the coin decimals', () => {
    expect(coinDisplayDecimals(USDT)).toBe(2);
    expect(coinDisplayDecimals({ decimals: 8 })).toBe(2);
    expect(coinDisplayDecimals({ decimals: 0 })).toBe(0);
    expect(coinDisplayDecimals({ decimals: 4, displayDecimals: 6 })).toBe(4);
    expect(priceDecimals(BTC_USDT)).toBe(2);
    expect(qtyDecimals(BTC_USDT)).toBe(5);
    expect(qtyDecimals({ lotSize: '1' })).toBe(0);
  });

  it('find a coin by symbol', () => {
    const coins = [{ symbol: 'USDT', decimals: 6 }];
    expect(coinOf(coins, 'USDT')).toBe(coins[0]);
    expect(coinOf(coins, 'BTC')).toBeUndefined();
    expect(coinOf(null, 'USDT')).toBeUndefined();
  });
});

describe('numbersFor: the display formatter bound to a locale', () => {
  const id = numbersFor('id');
  const en = numbersFor('en');

  it('writes balances at the coin display decimals, floored, in the locale', () => {
    expect(id.coin('100065.10598884', USDT)).toBe('100.065,10');
    expect(en.coin('100065.10598884', USDT)).toBe('100,065.10');
    expect(en.coin('0.12345678', BTC)).toBe('0.123456');
    // Floored, never rounded up.
    expect(en.coin('1.999999', USDT)).toBe('1.99');
    // A coin the page does not know yet: every digit.
    expect(id.coin('1.50000000', undefined)).toBe('1,5');
    expect(en.coin('-2.5', USDT, { signed: true })).toBe('-2.50');
    expect(en.coin('2.5', USDT, { signed: true })).toBe('+2.50');
  });

  it('writes prices at the tick and quantities at the lot decimals', () => {
    expect(id.price('64292.345', BTC_USDT)).toBe('64.292,34');
    expect(en.qty('0.123456', BTC_USDT)).toBe('0.12345');
    expect(en.price(null, BTC_USDT)).toBe('—');
    expect(en.price('not a number', BTC_USDT)).toBe('—');
  });

  it('keeps every digit for exact and digits, dropping only trailing zeros for exact', () => {
    expect(id.exact('100065.10598884')).toBe('100.065,10598884');
    expect(en.exact('500.00000000')).toBe('500');
    expect(en.digits('64012.50')).toBe('64,012.50');
    expect(en.digits(undefined)).toBe('—');
  });

  it('writes compact volumes and signed percentages', () => {
    expect(en.compact('56728.690055')).toBe('56.72K');
    expect(en.percent('-1.254')).toBe('-1.25%');
    expect(en.percent('0')).toBe('0.00%');
    expect(id.percent('2.5')).toBe('+2,50%');
  });

  it('turns wire decimals into what a user types, and back', () => {
    expect(id.input('12.345')).toBe('12,345');
    expect(en.input('12.345')).toBe('12.345');
    expect(id.parse(id.input('12.345'))).toBe('12.345');
    expect(en.parse(en.input('0.00001'))).toBe('0.00001');
  });

  it.each([...LANGS])('reads its own output back in %s', (lang) => {
    const n = numbersFor(BCP47[lang]);
    for (const value of ['0.5', '12.345678', '1234567.89', '100065.10598884']) {
      const shown = n.exact(value);
      expect(n.parse(shown), `${lang} ${shown}`).toBe(value);
    }
  });

  it('tells when the display drops digits (so a tap shows them)', () => {
    expect(losesDigits('100065.10598884', 2)).toBe(true);
    expect(losesDigits('100065.10000000', 2)).toBe(false);
    expect(losesDigits('5', 0)).toBe(false);
    expect(losesDigits('abc', 2)).toBe(false);
  });
});

describe('readAmount: the one rule for every amount field', () => {
  it('reads the locale decimal separator', () => {
    expect(readAmount('1,5', 'id', 6)).toEqual({ value: '1.5' });
    expect(readAmount('1.5', 'en', 6)).toEqual({ value: '1.5' });
    expect(readAmount('1,000', 'en', 6)).toEqual({ value: '1000' });
    expect(readAmount('1.000', 'id', 6)).toEqual({ value: '1000' });
  });

  it('refuses what is not an amount', () => {
    expect(readAmount('  ', 'en', 6)).toEqual({ problem: 'required' });
    expect(readAmount('-1', 'en', 6)).toEqual({ problem: 'amountFormat' });
    expect(readAmount('1,5', 'en', 6)).toEqual({ problem: 'amountFormat' });
  });

  it('refuses more decimals than allowed, naming the count, and never cuts them', () => {
    expect(readAmount('1.1234567', 'en', 6)).toEqual({ problem: { key: 'tooManyDecimals', decimals: 6 } });
    expect(readAmount('1,123', 'id', 2)).toEqual({ problem: { key: 'tooManyDecimals', decimals: 2 } });
    expect(readAmount('1.1234567', 'en', null)).toEqual({ value: '1.1234567' });
  });

  it('becomes a form error that carries the count', () => {
    expect(problemError({ key: 'tooManyDecimals', decimals: 6 })).toEqual({ type: 'decimals', message: '6' });
    expect(problemError('required')).toEqual({ type: 'rule', message: 'required' });
  });
});

describe('the order form reads numbers the same way', () => {
  const rules = { locale: 'id', decimals: { price: 2, qty: 5, amount: 6 } };
  const v = (patch: object) => ({ price: '64.000,5', qty: '0,001', amount: '', tradePassword: '', ...patch });

  it('accepts the locale and refuses extra decimals per field', () => {
    expect(orderProblems(v({}), 'buy', 'limit', false, rules)).toEqual({});
    expect(orderProblems(v({ price: '64000,123' }), 'buy', 'limit', false, rules)).toEqual({
      price: { key: 'tooManyDecimals', decimals: 2 },
    });
    expect(orderProblems(v({ qty: '0,000001' }), 'sell', 'limit', false, rules)).toEqual({
      qty: { key: 'tooManyDecimals', decimals: 5 },
    });
    expect(orderProblems(v({ amount: '10,1234567' }), 'buy', 'market', false, rules)).toEqual({
      amount: { key: 'tooManyDecimals', decimals: 6 },
    });
    expect(orderProblems(v({ qty: 'abc' }), 'sell', 'market', false, rules)).toEqual({ qty: 'amountFormat' });
  });
});
