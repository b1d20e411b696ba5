import { describe, expect, it } from 'vitest';
import type { LegalConfig } from '../../../domain/legal';
import { hallRequest } from '../../../domain/legal-hall';

const terms: LegalConfig = {
  coins: [{ coin: 'BTC', decimals: 6 }],
  currencies: ['USD', 'IDR', 'CNY'],
  langCurrency: { id: 'IDR', zh: 'CNY' },
  paymentMinutes: 10,
  cancelsPerDay: 3,
  makerFee: '0',
  takerFee: '0',
};
const at = (q: string) => new URLSearchParams(q);

describe("the P2P hall's request (page and worker alike)", () => {
  it('takes the address first, then the terms: first coin, the language’s currency, else the first', () => {
    expect(hallRequest(at(''), terms, 'id')).toEqual({ side: 'buy', coin: 'BTC', currency: 'IDR' });
    expect(hallRequest(at(''), terms, 'zh')).toEqual({ side: 'buy', coin: 'BTC', currency: 'CNY' });
    expect(hallRequest(at(''), terms, 'en')).toEqual({ side: 'buy', coin: 'BTC', currency: 'USD' });
    expect(hallRequest(at('side=sell&coin=ETH&currency=USD'), terms, 'id')).toEqual({
      side: 'sell',
      coin: 'ETH',
      currency: 'USD',
    });
    // Anything but `sell` is the buy side.
    expect(hallRequest(at('side=SELL'), terms, 'id').side).toBe('buy');
  });

  it('names no currency before the terms are in, unless the address does', () => {
    expect(hallRequest(at(''), null, 'id')).toEqual({ side: 'buy', coin: 'USDT', currency: '' });
    expect(hallRequest(at('currency=CNY'), null, 'id').currency).toBe('CNY');
  });
});
