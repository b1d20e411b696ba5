// The edges of domain/lever-math.ts: the preview's input parsing on both sides of each limit, exact
// equality at the liquidation ratio, the take-profit and stop-loss checks at their boundaries, and
// the liquidation price already on the tick grid. Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import {
  contractSize,
  isLiquidating,
  liquidationPriceOf,
  previewLever,
  riskRateOf,
  tpSlProblem,
} from '../../../domain/lever-math';

const BASE = {
  side: 'long' as const,
  price: '100',
  hands: 2,
  multiple: 10,
  lot: '0.5',
  tickSize: '0.01',
  openFeeRate: '0.001',
  overnightRate: '0.0002',
  liquidationRiskRate: '0.2',
};

describe('lever preview input', () => {
  it('hands and multiple are whole numbers from 1 to 9 digits, as numbers or text', () => {
    expect(previewLever({ ...BASE, hands: ' 3 ' }).size).toBe('1.5');
    expect(previewLever({ ...BASE, hands: '999999999' }).size).toBe('499999999.5');
    for (const bad of ['0', '01', '1234567890', '-1', '', null, undefined, 0, 1.5]) {
      expect(previewLever({ ...BASE, hands: bad }).size).toBeNull();
    }
    expect(previewLever({ ...BASE, multiple: '5' }).margin).toBe('20.00000000');
    expect(previewLever({ ...BASE, multiple: null })).toMatchObject({
      size: '1',
      notional: null,
      margin: null,
    });
  });

  it('a price must be a plain positive number', () => {
    for (const bad of ['0', '0.00', '-1', '1e2', 'abc', '', null]) {
      expect(previewLever({ ...BASE, price: bad })).toMatchObject({ size: '1', notional: null, cost: null });
    }
    expect(previewLever({ ...BASE, price: ' 100.5 ' }).notional).toBe('100.5');
  });

  it('the available balance: spending all of it is not insufficient; without one nothing is said', () => {
    // Cost: margin 10 + fee 0.1.
    expect(previewLever({ ...BASE, available: '10.1' })).toMatchObject({
      cost: '10.10000000',
      insufficient: false,
      availableAfter: '0.00000000',
      overnightPerDay: '0.02000000',
    });
    expect(previewLever({ ...BASE, available: '10.09999999' })).toMatchObject({
      insufficient: true,
      availableAfter: null,
    });
    expect(previewLever({ ...BASE, available: ' 20 ' }).availableAfter).toBe('9.90000000');
    for (const none of ['', 'x', '-5', null, undefined]) {
      expect(previewLever({ ...BASE, available: none })).toMatchObject({
        insufficient: false,
        availableAfter: null,
      });
    }
  });
});

describe('risk and liquidation at the boundary', () => {
  it('liquidating exactly at the ratio, not a unit above it', () => {
    expect(isLiquidating('100', '-80', '0.2')).toBe(true);
    expect(isLiquidating('100', '-79.99999999', '0.2')).toBe(false);
    expect(isLiquidating('100', '-80.00000001', '0.2')).toBe(true);
    expect(riskRateOf('100', '-80')).toBe('0.2000');
    expect(riskRateOf('3', '0')).toBe('1.0000');
    expect(riskRateOf('3', '-1')).toBe('0.6666');
    expect(riskRateOf('0', '5')).toBeNull();
    expect(riskRateOf('-1', '5')).toBeNull();
  });

  it('a liquidation price already on the grid is kept for either side', () => {
    // Room: 0.8 × 10 / 1 = 8 from 100.
    expect(liquidationPriceOf('long', '100', '10', 2, '0.5', '0.2', '0.01')).toBe('92.00');
    expect(liquidationPriceOf('short', '100', '10', 2, '0.5', '0.2', '0.01')).toBe('108.00');
    // Off the grid (room 10/3): floored for a long, ceiled for a short, written at the tick's decimals.
    expect(liquidationPriceOf('long', '100', '10', 3, '1', '0', '0.1')).toBe('96.6');
    expect(liquidationPriceOf('short', '100', '10', 3, '1', '0', '0.1')).toBe('103.4');
    // Exactly zero for a long: never liquidated.
    expect(liquidationPriceOf('long', '8', '10', 2, '0.5', '0.2', '0.01')).toBeNull();
    expect(contractSize(3, '0.001')).toBe('0.003');
  });

  it('take-profit and stop-loss exactly at their limits, for a short too', () => {
    const short = { side: 'short' as const, openPrice: '100', liquidationPrice: '118' };
    expect(tpSlProblem({ ...short, tp: '99.99' })).toBeNull();
    expect(tpSlProblem({ ...short, sl: '100' })).toEqual({ key: 'leverSlSide', field: 'sl' });
    expect(tpSlProblem({ ...short, sl: '100.01' })).toBeNull();
    expect(tpSlProblem({ ...short, sl: '118.01' })).toEqual({ key: 'leverSlBeyondLiquidation', field: 'sl' });
    expect(tpSlProblem({ ...short, liquidationPrice: null, sl: '1000' })).toBeNull();
    const long = { side: 'long' as const, openPrice: '100', liquidationPrice: '82' };
    expect(tpSlProblem({ ...long, tp: '100' })).toEqual({ key: 'leverTpSide', field: 'tp' });
    expect(tpSlProblem({ ...long, sl: '82' })).toEqual({ key: 'leverSlBeyondLiquidation', field: 'sl' });
    expect(tpSlProblem({ ...long, sl: '82.01', tp: null })).toBeNull();
    // The take-profit is checked first.
    expect(tpSlProblem({ ...long, tp: '1', sl: '100' })).toEqual({ key: 'leverTpSide', field: 'tp' });
  });
});
