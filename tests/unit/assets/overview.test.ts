import { describe, expect, it } from 'vitest';
import { estimateOf, estimatePrices, estimateSum, toUnits } from '../../../domain';
import { buildOverview, type BalanceUnits } from '../../../server/assets/overview';

describe('estimate rule', () => {
  it('prices a coin by its /USDT ticker, USDT at 1, nothing else', () => {
    const prices = estimatePrices([
      { symbol: 'BTC/USDT', last: '65000.01' },
      { symbol: 'ETH/BTC', last: '0.05' },
    ]);
    expect([...prices]).toEqual([
      ['USDT', '1'],
      ['BTC', '65000.01'],
    ]);
  });

  it('floors exact products to 2 decimals and never invents a price', () => {
    expect(estimateOf({ total: '0.5', price: '65000.01' })).toBe('32500.00');
    expect(estimateOf({ total: '0.99999999', price: '1' })).toBe('0.99');
    expect(estimateOf({ total: '3', price: null })).toBeNull();
    expect(estimateOf({ total: '0.00000000', price: null })).toBe('0.00');
    // 19 significant digits times a long price: no float, no 20-digit rounding.
    expect(estimateOf({ total: '92233720368.54775807', price: '65000.12345' })).toBe('5995203210208383.77');
    // 100000000999.9999999899999999 would round up to 100000001000.00 at decimal.js's default 20 digits.
    expect(estimateOf({ total: '99999999999.99999999', price: '1.00000001' })).toBe('100000000999.99');
  });

  it('sums exact values and floors once, leaving unpriced holdings out', () => {
    const items = [
      { total: '0.005', price: '1' },
      { total: '0.005', price: '1' },
      { total: '7', price: null },
    ];
    expect(items.map(estimateOf)).toEqual(['0.00', '0.00', null]);
    expect(estimateSum(items)).toBe('0.01');
  });
});

describe('buildOverview', () => {
  const rows: BalanceUnits[] = [
    { account: 'spot', coin: 'USDT', available: toUnits('100.129'), frozen: toUnits('5') },
    { account: 'spot', coin: 'BTC', available: toUnits('0.5'), frozen: 0n },
    { account: 'lever', coin: 'ETH', available: toUnits('2'), frozen: 0n },
    { account: 'finance', coin: 'OLD', available: toUnits('1'), frozen: 0n },
  ];

  it('lists all five accounts with every catalog coin, then coins held outside the catalog', () => {
    const o = buildOverview(rows, ['USDT', 'BTC', 'ETH'], [{ symbol: 'BTC/USDT', last: '60000' }], 42);
    expect(o.accounts.map((a) => a.account)).toEqual(['spot', 'lever', 'legal', 'second', 'finance']);
    for (const a of o.accounts) expect(a.coins.map((c) => c.coin)).toEqual(['USDT', 'BTC', 'ETH', 'OLD']);
    const spot = o.accounts[0]!;
    expect(spot.coins[0]).toEqual({
      coin: 'USDT',
      available: '100.12900000',
      frozen: '5.00000000',
      total: '105.12900000',
      price: '1',
      estimate: '105.12',
    });
    expect(spot.coins[1]).toMatchObject({ total: '0.50000000', price: '60000', estimate: '30000.00' });
    expect(spot.coins[2]).toMatchObject({ total: '0.00000000', price: null, estimate: '0.00' });
    expect(spot).toMatchObject({ estimate: '30105.12', unpriced: [] });
    expect(o.accounts[1]).toMatchObject({ estimate: '0.00', unpriced: ['ETH'] });
    expect(o.accounts[4]).toMatchObject({ estimate: '0.00', unpriced: ['OLD'] });
    expect(o).toMatchObject({ quote: 'USDT', estimate: '30105.12', unpriced: ['ETH', 'OLD'], ts: 42 });
  });
});
