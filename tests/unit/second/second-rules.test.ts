import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  entryTradeOf,
  exitTradeOf,
  houseRiskUnits,
  optionResult,
  payoutOf,
  payoutUnits,
  secondTermsProblems,
  stakeProblem,
  type OptionDirection,
  type SecondDuration,
} from '../../../domain/second-rules';
import { toUnits } from '../../../domain';
import { DEFAULT_CATALOG, catalogProblems } from '../../../server/market/catalog';

const d60: SecondDuration = {
  seconds: 60,
  payoutRate: '0.85',
  minStake: '10',
  maxStake: '1000',
  exposureCap: '5000',
};

describe('optionResult', () => {
  it.each<[OptionDirection, string, string, string]>([
    ['up', '100', '100.01', 'won'],
    ['up', '100', '99.99', 'lost'],
    ['up', '100', '100', 'equal'],
    ['down', '100', '99.99', 'won'],
    ['down', '100', '100.01', 'lost'],
    ['down', '100', '100.00', 'equal'],
    // Exactness: values a float would merge.
    ['up', '0.00000001', '0.00000002', 'won'],
    ['down', '64000.12', '64000.1200', 'equal'],
    ['up', '9007199254740993', '9007199254740992', 'lost'],
  ])('%s from %s to %s is %s', (dir, entry, exit, result) => {
    expect(optionResult(dir, entry, exit)).toBe(result);
  });

  it('depends only on (entry, exit, direction), and up and down are mirror images', () => {
    const price = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, dp]) => {
        const s = units.toString().padStart(9, '0');
        const whole = s.slice(0, -8).replace(/^0+(?=\d)/, '');
        const frac = s.slice(-8, -8 + dp || undefined);
        return dp === 0 ? whole : `${whole}.${frac.slice(0, dp)}`;
      });
    fc.assert(
      fc.property(price, price, fc.constantFrom<OptionDirection>('up', 'down'), (entry, exit, dir) => {
        const r = optionResult(dir, entry, exit);
        // Same inputs, same answer, whatever was computed before.
        expect(optionResult(dir, entry, exit)).toBe(r);
        const cmp = toUnits(exit) - toUnits(entry);
        const expected = cmp === 0n ? 'equal' : cmp > 0n === (dir === 'up') ? 'won' : 'lost';
        expect(r).toBe(expected);
        const other = optionResult(dir === 'up' ? 'down' : 'up', entry, exit);
        if (r === 'equal') expect(other).toBe('equal');
        else expect(other).toBe(r === 'won' ? 'lost' : 'won');
      }),
    );
  });
});

describe('payout', () => {
  it.each([
    ['10', '0.85', 2, '18.50'],
    ['10.01', '0.85', 2, '18.51'], // 18.5185 floored
    ['33.33', '0.8', 2, '59.99'], // 59.994 floored
    ['1', '0.9', 0, '1'], // 1.9 floored to whole coins
    ['5000', '0.88', 2, '9400.00'],
  ])('%s at rate %s to %i decimals pays %s', (stake, rate, dp, payout) => {
    expect(payoutOf(stake, rate, dp)).toBe(payout);
  });

  it('is never below the stake and never above stake × (1 + rate)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 999 }), (cents, r) => {
        const stake = BigInt(cents) * 1_000_000n;
        const rate = `0.${String(r).padStart(3, '0')}`;
        const p = payoutUnits(stake, rate, 2);
        expect(p >= stake).toBe(true);
        expect(p * 1000n <= stake * BigInt(1000 + r)).toBe(true);
        expect(p % 1_000_000n).toBe(0n);
        expect(houseRiskUnits(stake, rate, 2)).toBe(p - stake);
      }),
    );
  });
});

describe('stakeProblem', () => {
  it.each([
    ['', 'required'],
    ['abc', 'amountFormat'],
    ['-5', 'amountFormat'],
    ['1e3', 'amountFormat'],
    ['10.001', 'amountFormat'],
    ['9.99', 'amountBelowMin'],
    ['0', 'amountBelowMin'],
    ['1000.01', 'amountAboveMax'],
    ['10', null],
    ['10.5', null],
    ['1000', null],
    [' 25.00 ', null],
  ])('%j → %s', (stake, problem) => {
    expect(stakeProblem(stake, d60, 2)).toBe(problem);
  });
});

describe('catalog terms', () => {
  it('ships sound defaults', () => {
    expect(catalogProblems(DEFAULT_CATALOG)).toEqual([]);
  });

  it('names every problem of broken terms', () => {
    const pairs = DEFAULT_CATALOG.pairs;
    const problems = secondTermsProblems(
      {
        coin: 'USDT',
        pairs: ['ETH/BTC', 'NOPE/USDT', 'BTC/USDT', 'BTC/USDT'],
        durations: [
          { seconds: 0, payoutRate: 'x', minStake: '10.001', maxStake: '5', exposureCap: '0' },
          { seconds: 60, payoutRate: '0.8', minStake: '10', maxStake: '100', exposureCap: '1000' },
          { seconds: 60, payoutRate: '0.8', minStake: '10', maxStake: '100', exposureCap: '1000' },
        ],
        stakeDecimals: 2,
        staleMs: 10,
        demoGrant: '0',
      },
      pairs,
      6,
    );
    for (const part of [
      'ETH/BTC is not quoted in USDT',
      'NOPE/USDT is not a spot pair',
      'BTC/USDT listed twice',
      '0s: seconds',
      '0s: payoutRate',
      '0s: minStake',
      '0s: exposureCap',
      '60s listed twice',
      'staleMs',
      'demoGrant',
    ]) {
      expect(
        problems.some((p) => p.includes(part)),
        part,
      ).toBe(true);
    }
  });
});

describe('entry and exit trades', () => {
  const trades = [
    { id: 1, ts: 1_000 },
    { id: 2, ts: 2_000 },
    { id: 3, ts: 2_000 },
    { id: 4, ts: 3_000 },
  ];
  it('exit is the last trade at or before expiry, a trade exactly at the instant included', () => {
    expect(exitTradeOf(trades, 2_000)?.id).toBe(3);
    expect(exitTradeOf(trades, 2_999)?.id).toBe(3);
    expect(exitTradeOf(trades, 3_000)?.id).toBe(4);
    expect(exitTradeOf(trades, 999)).toBeUndefined();
  });
  it('entry is the last trade strictly before the accept millisecond', () => {
    expect(entryTradeOf(trades, 2_000)?.id).toBe(1);
    expect(entryTradeOf(trades, 2_001)?.id).toBe(3);
    expect(entryTradeOf(trades, 1_000)).toBeUndefined();
  });
  it('does not depend on the order trades are listed in', () => {
    expect(exitTradeOf([...trades].reverse(), 2_500)?.id).toBe(3);
  });
});
