import { describe, expect, it } from 'vitest';
import { referralProblems, sharePpm } from '../../../server/market/catalog';
import { rebatesOf } from '../../../server/identity/rebates';

const pair = { base: 'BTC', quote: 'USDT' };
const decimals = (coin: string) => (coin === 'USDT' ? 6 : 8);
const trade = {
  id: 7,
  symbol: 'BTC/USDT',
  takerSide: 'buy' as const,
  makerUserId: 1,
  takerUserId: 2,
  makerFee: 1_234_567_891n, // 12.34567891 USDT (the seller's fee, in quote)
  takerFee: 50_000n, // 0.0005 BTC (the buyer's fee, in base)
  makerRef: 10,
  takerRef: 20,
};

describe('referral rebates', () => {
  it('pays each side its referrer a share of its own fee, in that fee’s coin, floored to the coin', () => {
    const out = rebatesOf(trade, pair, sharePpm('0.2'), decimals);
    expect(out).toEqual([
      // 20 % of 12.34567891 = 2.469135782, floored to USDT's 6 decimals.
      expect.objectContaining({ referrerId: 10, referralId: 1, coin: 'USDT', units: 246_913_500n }),
      expect.objectContaining({ referrerId: 20, referralId: 2, coin: 'BTC', units: 10_000n }),
    ]);
  });

  it('pays nothing without a referrer, a fee or a share', () => {
    expect(rebatesOf({ ...trade, makerRef: null, takerRef: null }, pair, sharePpm('0.2'), decimals)).toEqual(
      [],
    );
    expect(rebatesOf({ ...trade, makerFee: 0n, takerFee: 0n }, pair, sharePpm('0.2'), decimals)).toEqual([]);
    expect(rebatesOf(trade, pair, sharePpm('0'), decimals)).toEqual([]);
    // Below one unit of the coin after flooring: nothing rather than a rounded-up cent.
    expect(rebatesOf({ ...trade, makerFee: 4n, takerRef: null }, pair, sharePpm('0.2'), decimals)).toEqual(
      [],
    );
  });

  it('checks the catalog terms', () => {
    expect(sharePpm('0.2')).toBe(200_000n);
    expect(sharePpm('1')).toBe(1_000_000n);
    expect(sharePpm('0.000001')).toBe(1n);
    expect(referralProblems({ spotFeeShare: '0.25', activeDays: 30 })).toEqual([]);
    expect(referralProblems({ spotFeeShare: '1.5', activeDays: 30 })).toHaveLength(1);
    expect(referralProblems({ spotFeeShare: '0.1234567', activeDays: 30 })).toHaveLength(1);
    expect(referralProblems({ spotFeeShare: '-0.1', activeDays: 0 })).toHaveLength(2);
  });
});
