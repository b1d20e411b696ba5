import { describe, expect, it } from 'vitest';
import type { PreviewInput } from '../../../domain';
import { previewSpotOrder } from '../../../worker/trade/spot-preview';

const pair = {
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.002',
};

describe('previewSpotOrder (worker)', () => {
  it('answers the domain preview, with plain strings that survive a structured clone', () => {
    const p = previewSpotOrder({ pair, side: 'sell', type: 'limit', price: '100.5', qty: '2' });
    expect(p).toEqual({ total: '201.00', fee: '0.402', feeCoin: 'USDT', feeRate: '0.002', estimated: false });
    expect(structuredClone(p)).toEqual(p);
  });

  it('answers an empty preview for input that is not a request', () => {
    const bad = [
      { pair, side: 'hold', type: 'limit' },
      { pair, side: 'buy', type: 'stop' },
      { side: 'buy', type: 'limit' },
    ] as unknown as PreviewInput[];
    for (const input of bad) expect(previewSpotOrder(input).total).toBeNull();
  });

  it('never throws on a malformed catalog value or percentage', () => {
    const p = previewSpotOrder({
      pair: { ...pair, lotSize: '0' },
      side: 'sell',
      type: 'limit',
      available: '1',
      percent: 50,
    });
    expect(p.fill ?? null).toBeNull();
    const q = previewSpotOrder({ pair, side: 'sell', type: 'limit', available: '1', percent: 150 });
    expect(q.total).toBeNull();
  });
});
