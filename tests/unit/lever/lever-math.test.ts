import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  contractSize,
  isLiquidating,
  leverFeeOf,
  liquidationPriceOf,
  marginOf,
  notionalOf,
  pnlOf,
  previewLever,
  riskRateOf,
  settlementOf,
  tpSlProblem,
} from '../../../domain/lever-math';

describe('lever math tables', () => {
  it.each([
    // price, hands, lot, multiple, notional, margin
    ['64000.00', 3, '0.001', 10, '192', '19.20000000'],
    ['64000.01', 1, '0.001', 3, '64.00001', '21.33333666'],
    ['3200.5', 7, '0.01', 100, '224.035', '2.24035000'],
    ['0.15', 1000, '1', 20, '150', '7.50000000'],
  ])('margin of %s × %i × %s ÷ %i', (price, hands, lot, multiple, notional, margin) => {
    expect(notionalOf(price, hands, lot)).toBe(notional);
    expect(marginOf(price, hands, lot, multiple)).toBe(margin);
  });

  it('fees are floored to the ledger unit, never rounded up', () => {
    expect(leverFeeOf('64.00001', '0.0005')).toBe('0.03200000');
    expect(leverFeeOf('0.00000003', '0.5')).toBe('0.00000001');
    expect(leverFeeOf('192', '0.0003')).toBe('0.05760000');
  });

  it.each([
    ['long', '100', '110', 2, '0.5', '10.00000000'],
    ['short', '100', '110', 2, '0.5', '-10.00000000'],
    ['long', '100', '90.01', 1, '0.1', '-0.99900000'],
    ['short', '64000.00', '63000.00', 5, '0.001', '5.00000000'],
  ] as const)('PnL of a %s opened at %s marked at %s', (side, open, price, hands, lot, pnl) => {
    expect(pnlOf(side, open, price, hands, lot)).toBe(pnl);
  });

  it('risk rate is (margin + PnL) ÷ margin, floored', () => {
    expect(riskRateOf('10', '0')).toBe('1.0000');
    expect(riskRateOf('10', '-8')).toBe('0.2000');
    expect(riskRateOf('3', '-1')).toBe('0.6666');
    expect(riskRateOf('0', '1')).toBeNull();
    expect(isLiquidating('10', '-8', '0.2')).toBe(true);
    expect(isLiquidating('10', '-7.99999999', '0.2')).toBe(false);
  });

  it('liquidation price: floored to the tick for a long, ceiled for a short', () => {
    // size 0.01, margin 64 (10×), 80 % of the margin = 51.2 → price moves 5120.
    expect(liquidationPriceOf('long', '64000.00', '64', 10, '0.001', '0.2', '0.01')).toBe('58880.00');
    expect(liquidationPriceOf('short', '64000.00', '64', 10, '0.001', '0.2', '0.01')).toBe('69120.00');
    // 3 hands: 51.2 / 0.003 is not a whole tick.
    expect(liquidationPriceOf('long', '64000.00', '64', 3, '0.001', '0.2', '0.01')).toBe('46933.33');
    expect(liquidationPriceOf('short', '64000.00', '64', 3, '0.001', '0.2', '0.01')).toBe('81066.67');
    // 1×: a long would have to fall to 20 % of its price; a full-margin loss would need zero.
    expect(liquidationPriceOf('long', '100', '100', 1, '1', '0', '0.01')).toBeNull();
  });

  it('settlement caps the loss at the margin; the house covers the gap', () => {
    const s = settlementOf({
      side: 'long',
      openPrice: '100',
      price: '80',
      hands: 1,
      lot: '1',
      margin: '10',
      closeFeeRate: '0.001',
    });
    expect(s).toEqual({
      pnl: '-20.00000000',
      closeFee: '0.08000000',
      payout: '0.00000000',
      houseCover: '10.08000000',
    });
    const win = settlementOf({
      side: 'short',
      openPrice: '100',
      price: '95',
      hands: 2,
      lot: '1',
      margin: '20',
      closeFeeRate: '0.001',
    });
    expect(win).toEqual({
      pnl: '10.00000000',
      closeFee: '0.19000000',
      payout: '29.81000000',
      houseCover: '0.00000000',
    });
  });

  it('take-profit and stop-loss checks', () => {
    const long = { side: 'long' as const, openPrice: '100', liquidationPrice: '82' };
    expect(tpSlProblem({ ...long, tp: '101', sl: '90' })).toBeNull();
    expect(tpSlProblem({ ...long, tp: '99' })).toEqual({ key: 'leverTpSide', field: 'tp' });
    expect(tpSlProblem({ ...long, sl: '100' })).toEqual({ key: 'leverSlSide', field: 'sl' });
    expect(tpSlProblem({ ...long, sl: '82' })).toEqual({ key: 'leverSlBeyondLiquidation', field: 'sl' });
    const short = { side: 'short' as const, openPrice: '100', liquidationPrice: '118' };
    expect(tpSlProblem({ ...short, tp: '90', sl: '117.99' })).toBeNull();
    expect(tpSlProblem({ ...short, tp: '100' })).toEqual({ key: 'leverTpSide', field: 'tp' });
    expect(tpSlProblem({ ...short, sl: '118' })).toEqual({ key: 'leverSlBeyondLiquidation', field: 'sl' });
  });

  it('the preview is the pre-trade receipt', () => {
    const p = previewLever({
      side: 'long',
      price: '64000.00',
      hands: '10',
      multiple: 10,
      lot: '0.001',
      tickSize: '0.01',
      openFeeRate: '0.0005',
      overnightRate: '0.0003',
      liquidationRiskRate: '0.2',
      available: '100',
    });
    expect(p).toEqual({
      size: '0.01',
      notional: '640',
      margin: '64.00000000',
      openFee: '0.32000000',
      cost: '64.32000000',
      overnightPerDay: '0.19200000',
      liquidationPrice: '58880.00',
      availableAfter: '35.68000000',
      insufficient: false,
    });
    expect(
      previewLever({
        ...p,
        side: 'long',
        price: '64000',
        hands: '1.5',
        multiple: 10,
        lot: '0.001',
        tickSize: '0.01',
        openFeeRate: '0',
        overnightRate: '0',
        liquidationRiskRate: '0.2',
      }).size,
    ).toBeNull();
    const poor = previewLever({
      side: 'short',
      price: '64000',
      hands: 100,
      multiple: 10,
      lot: '0.001',
      tickSize: '0.01',
      openFeeRate: '0.0005',
      overnightRate: '0.0003',
      liquidationRiskRate: '0.2',
      available: '100',
    });
    expect(poor.insufficient).toBe(true);
    expect(poor.availableAfter).toBeNull();
  });
});

const ticks = fc.integer({ min: 1, max: 10_000_000 }).map((t) => new Decimal(t).div(100).toFixed(2));
const hands = fc.integer({ min: 1, max: 500 });
const multiples = fc.constantFrom(1, 2, 3, 5, 7, 10, 20, 50, 100);

describe('lever math properties', () => {
  it('PnL of a long is the negative of a short', () => {
    fc.assert(
      fc.property(ticks, ticks, hands, (open, price, h) => {
        const long = new Decimal(pnlOf('long', open, price, h, '0.001'));
        const short = new Decimal(pnlOf('short', open, price, h, '0.001'));
        expect(long.plus(short).isZero()).toBe(true);
      }),
    );
  });

  it('the liquidation price is the last tick at or past the liquidation ratio', () => {
    fc.assert(
      fc.property(ticks, hands, multiples, fc.constantFrom('0', '0.1', '0.2', '0.5'), (open, h, m, r) => {
        const margin = marginOf(open, h, '0.001', m);
        for (const side of ['long', 'short'] as const) {
          const liq = liquidationPriceOf(side, open, margin, h, '0.001', r, '0.01');
          if (liq === null) continue;
          expect(isLiquidating(margin, pnlOf(side, open, liq, h, '0.001'), r)).toBe(true);
          const before = new Decimal(liq).plus(side === 'long' ? '0.01' : '-0.01').toFixed(2);
          if (new Decimal(before).gt(0)) {
            expect(isLiquidating(margin, pnlOf(side, open, before, h, '0.001'), r)).toBe(false);
          }
        }
      }),
    );
  });

  it('flooring never rounds up: margin × multiple and fees never exceed the exact values', () => {
    fc.assert(
      fc.property(ticks, hands, multiples, fc.integer({ min: 0, max: 9999 }), (price, h, m, bp) => {
        const notional = new Decimal(notionalOf(price, h, '0.001'));
        const margin = new Decimal(marginOf(price, h, '0.001', m));
        expect(margin.mul(m).lte(notional)).toBe(true);
        expect(notional.minus(margin.mul(m)).lt(new Decimal('0.00000001').mul(m))).toBe(true);
        const rate = new Decimal(bp).div(10_000).toFixed();
        const fee = new Decimal(leverFeeOf(notional.toFixed(), rate));
        expect(fee.lte(notional.mul(rate))).toBe(true);
        expect(notional.mul(rate).minus(fee).lt('0.00000001')).toBe(true);
      }),
    );
  });

  it('a settlement pays margin + PnL − fee, never below zero, and the house covers the rest', () => {
    fc.assert(
      fc.property(ticks, ticks, hands, multiples, fc.boolean(), (open, price, h, m, isLong) => {
        const side = isLong ? 'long' : 'short';
        const margin = marginOf(open, h, '0.001', m);
        const s = settlementOf({
          side,
          openPrice: open,
          price,
          hands: h,
          lot: '0.001',
          margin,
          closeFeeRate: '0.0005',
        });
        const payout = new Decimal(s.payout);
        expect(payout.gte(0)).toBe(true);
        expect(payout.minus(s.houseCover).eq(new Decimal(margin).plus(s.pnl).minus(s.closeFee))).toBe(true);
        expect(contractSize(h, '0.001')).toBe(new Decimal(h).mul('0.001').toFixed());
      }),
    );
  });
});
