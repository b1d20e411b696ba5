// The spot preview's input edges (domain/spot-math.ts) that spot-math.test.ts does not reach: typed
// values with spaces around them, the shortcut's percentage range on both sides of each end, the
// refusals' messages. Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import { floorToStep, previewOrder, type PreviewPair } from '../../../domain/spot-math';

const BTC: PreviewPair = {
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.002',
};

describe('spot preview input', () => {
  it('reads typed values with spaces around them, as the form sends them', () => {
    expect(
      previewOrder({ pair: BTC, side: 'buy', type: 'limit', price: ' 60000 ', qty: ' 0.5 ' }),
    ).toMatchObject({
      total: '30000.00',
      fee: '0.001',
    });
    expect(
      previewOrder({ pair: BTC, side: 'buy', type: 'market', amount: ' 100 ', refPrice: ' 50000 ' }),
    ).toMatchObject({
      total: '100',
      fee: '0.000004',
    });
    expect(
      previewOrder({ pair: BTC, side: 'sell', type: 'limit', price: '60000', available: ' 2 ', percent: 50 })
        .fill,
    ).toBe('1.00000');
  });

  it('sizes the shortcut from 0 to 100 % and refuses any other share', () => {
    const order = (percent: number) =>
      previewOrder({ pair: BTC, side: 'sell', type: 'limit', price: '60000', available: '2', percent });
    expect(order(0).fill).toBe('0.00000');
    expect(order(1).fill).toBe('0.02000');
    expect(order(100).fill).toBe('2.00000');
    for (const bad of [-1, 101, 12.5, Number.NaN])
      expect(() => order(bad)).toThrow(`percent must be an integer from 0 to 100, got ${bad}`);
    expect(() => order(-1)).toThrow(RangeError);
  });

  it('says why it refuses a step', () => {
    expect(() => floorToStep('1', '0')).toThrow('step must be positive, got 0');
    expect(() => floorToStep('1', '-0.01')).toThrow(RangeError);
  });
});
