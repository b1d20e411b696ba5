import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  bookSteps,
  feeOf,
  floorToStep,
  maxFeeRate,
  orderValue,
  previewOrder,
  type PreviewPair,
} from '../../../domain/spot-math';

const BTC: PreviewPair = {
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.001',
};
const DOGE: PreviewPair = { ...BTC, base: 'DOGE', tickSize: '0.00001', lotSize: '1' };

describe('floorToStep', () => {
  it('floors to a whole multiple of the step and writes the step decimals', () => {
    expect(floorToStep('1.234567', '0.00001')).toBe('1.23456');
    expect(floorToStep('0.99999999', '0.001')).toBe('0.999');
    expect(floorToStep('7', '1')).toBe('7');
    expect(floorToStep('7.9', '1')).toBe('7');
    expect(floorToStep('12', '5')).toBe('10');
    expect(floorToStep('0.000009', '0.00001')).toBe('0.00000');
  });

  it('refuses a non-positive step', () => {
    expect(() => floorToStep('1', '0')).toThrow(RangeError);
  });
});

describe('fees and values', () => {
  it('charges the fee floored to the ledger unit, like the server', () => {
    expect(feeOf('0.25', '0.001')).toBe('0.00025');
    expect(feeOf('0.00001', '0.001')).toBe('0.00000001');
    // 0.00000999 × 0.001 = 0.00000000999 → floored to 0 units.
    expect(feeOf('0.00000999', '0.001')).toBe('0');
    expect(feeOf('16000.0000001', '0.001')).toBe('16');
    expect(feeOf('1.99999999', '0.0015')).toBe('0.00299999');
  });

  it('multiplies price and quantity exactly', () => {
    expect(orderValue('64000.01', '0.00001')).toBe('0.6400001');
    expect(orderValue('0.1', '0.2')).toBe('0.02');
  });

  it('uses the higher of the maker and taker rates', () => {
    expect(maxFeeRate({ makerFee: '0.001', takerFee: '0.002' })).toBe('0.002');
    expect(maxFeeRate({ makerFee: '0.003', takerFee: '0.002' })).toBe('0.003');
  });
});

describe('previewOrder', () => {
  it('previews a limit buy: value in quote, fee in base', () => {
    const p = previewOrder({ pair: BTC, side: 'buy', type: 'limit', price: '64000', qty: '0.25' });
    expect(p).toEqual({
      total: '16000.00',
      fee: '0.00025',
      feeCoin: 'BTC',
      feeRate: '0.001',
      estimated: false,
    });
  });

  it('previews a limit sell: fee in quote', () => {
    const p = previewOrder({ pair: BTC, side: 'sell', type: 'limit', price: '64000.01', qty: '0.00001' });
    expect(p.total).toBe('0.6400001');
    expect(p.fee).toBe('0.00064');
    expect(p.feeCoin).toBe('USDT');
  });

  it('leaves values empty for half-typed or invalid input', () => {
    for (const price of ['', '1.', 'abc', '0', '-1', '1e3']) {
      const p = previewOrder({ pair: BTC, side: 'buy', type: 'limit', price, qty: '1' });
      expect(p.total, price).toBeNull();
      expect(p.fee, price).toBeNull();
    }
  });

  it('previews a market buy by amount, estimating the fee at the reference price', () => {
    const p = previewOrder({ pair: BTC, side: 'buy', type: 'market', amount: '1000', refPrice: '64000' });
    // 1000 / 64000 = 0.015625 → 0.01562 BTC (floored to the lot), fee 0.00001562.
    expect(p).toMatchObject({ total: '1000', fee: '0.00001562', feeCoin: 'BTC', estimated: true });
    const noBook = previewOrder({ pair: BTC, side: 'buy', type: 'market', amount: '1000', refPrice: null });
    expect(noBook.total).toBe('1000');
    expect(noBook.fee).toBeNull();
  });

  it('previews a market sell at the best bid', () => {
    const p = previewOrder({ pair: BTC, side: 'sell', type: 'market', qty: '0.5', refPrice: '63999.99' });
    expect(p).toMatchObject({ total: '31999.995', fee: '31.999995', feeCoin: 'USDT', estimated: true });
  });

  it('turns a percentage of the balance into a quantity floored to the lot', () => {
    const sell = previewOrder({ pair: BTC, side: 'sell', type: 'limit', available: '1', percent: 75 });
    expect(sell.fill).toBe('0.75000');
    const odd = previewOrder({ pair: DOGE, side: 'sell', type: 'market', available: '10.9', percent: 50 });
    expect(odd.fill).toBe('5');
    // 100000 × 25 % / 64000.01 = 0.390624…  → 0.39062 BTC.
    const buy = previewOrder({
      pair: BTC,
      side: 'buy',
      type: 'limit',
      price: '64000.01',
      available: '100000',
      percent: 25,
    });
    expect(buy.fill).toBe('0.39062');
    // A market buy takes the amount itself, on the tick × lot grid (0.0000001 USDT).
    const mkt = previewOrder({
      pair: BTC,
      side: 'buy',
      type: 'market',
      available: '333.33333333',
      percent: 50,
    });
    expect(mkt.fill).toBe('166.6666666');
  });

  it('cannot size a limit buy without a price, nor anything without a balance', () => {
    expect(
      previewOrder({ pair: BTC, side: 'buy', type: 'limit', available: '5', percent: 50 }).fill,
    ).toBeNull();
    expect(
      previewOrder({ pair: BTC, side: 'sell', type: 'limit', available: '0', percent: 50 }).fill,
    ).toBeNull();
    expect(
      previewOrder({ pair: BTC, side: 'sell', type: 'limit', available: null, percent: 50 }).fill,
    ).toBeNull();
    expect(
      previewOrder({ pair: BTC, side: 'sell', type: 'limit', price: '1', qty: '1' }).fill,
    ).toBeUndefined();
  });

  it('never sizes a buy above the balance, and never more than one lot below it', () => {
    const decimalText = (max: number, decimals: number) =>
      fc
        .bigInt({ min: 1n, max: BigInt(max) * 10n ** BigInt(decimals) })
        .map((n) => new Decimal(n.toString()).div(10 ** decimals).toFixed());
    fc.assert(
      fc.property(
        decimalText(1_000_000, 2),
        decimalText(1_000_000, 6),
        fc.constantFrom(25, 50, 75, 100),
        (price, available, percent) => {
          const p = previewOrder({ pair: BTC, side: 'buy', type: 'limit', price, available, percent });
          const qty = new Decimal(p.fill!);
          const budget = new Decimal(available).mul(percent).div(100);
          const cost = qty.mul(price);
          expect(cost.lte(budget)).toBe(true);
          expect(qty.plus(BTC.lotSize).mul(price).gt(budget)).toBe(true);
          expect(qty.mod(BTC.lotSize).isZero()).toBe(true);
        },
      ),
    );
  });

  it('never charges a preview fee below what any split into fills would cost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 9 }), (lots, parts) => {
        const qty = new Decimal(lots).mul(BTC.lotSize).toFixed();
        const whole = new Decimal(feeOf(qty, '0.001'));
        // The server floors each fill's fee, so the sum over fills is at most the whole's fee.
        const per = new Decimal(lots).divToInt(parts);
        const rest = new Decimal(lots).minus(per.mul(parts - 1));
        const fills = [...Array<Decimal>(parts - 1).fill(per), rest].filter((l) => l.gt(0));
        const sum = fills.reduce(
          (s, l) => s.plus(feeOf(l.mul(BTC.lotSize).toFixed(), '0.001')),
          new Decimal(0),
        );
        expect(sum.lte(whole)).toBe(true);
      }),
    );
  });
});

describe('bookSteps', () => {
  it('offers the tick × 1, 10 and 100', () => {
    expect(bookSteps('0.01')).toEqual(['0.01', '0.1', '1']);
    expect(bookSteps('0.00001')).toEqual(['0.00001', '0.0001', '0.001']);
    expect(bookSteps('5')).toEqual(['5', '50', '500']);
    expect(bookSteps('0.5')).toEqual(['0.5', '5', '50']);
    expect(bookSteps('0.010')).toEqual(['0.01', '0.1', '1']);
    expect(bookSteps('00.25')).toEqual(['0.25', '2.5', '25']);
  });

  it('is exactly the tick × 10^n for any tick (decimal.js as the reference)', () => {
    for (let i = 0; i < 2_000; i++) {
      const int = String(Math.floor(Math.random() * 1_000));
      const frac = String(Math.floor(Math.random() * 1e8))
        .padStart(8, '0')
        .slice(0, 1 + (i % 8));
      const tick = i % 3 === 0 ? int : `${int}.${frac}`;
      expect(bookSteps(tick)).toEqual([1, 10, 100].map((f) => new Decimal(tick).mul(f).toFixed()));
    }
  });

  it('refuses what is not a plain non-negative decimal', () => {
    for (const bad of ['', '-1', '1e-5', '0.1.2', 'abc']) expect(() => bookSteps(bad)).toThrow(RangeError);
  });
});
