// The edges of domain/second-rules.ts: each catalog problem alone and on both sides of its limit,
// payout rates with and without a fraction, stakes at their bounds, and the entry/exit rule's ties.
// Written for mutation testing (docs/mutation.md).
import { describe, expect, it } from 'vitest';
import {
  entryTradeOf,
  exitTradeOf,
  findDuration,
  houseRiskUnits,
  optionResult,
  payoutOf,
  payoutUnits,
  secondTermsProblems,
  stakeProblem,
  type SecondDuration,
  type SecondTerms,
} from '../../../domain/second-rules';

const D: SecondDuration = {
  seconds: 30,
  payoutRate: '0.8',
  minStake: '10',
  maxStake: '1000',
  exposureCap: '500',
};
const TERMS: SecondTerms = {
  coin: 'USDT',
  pairs: ['BTC/USDT'],
  durations: [D],
  stakeDecimals: 2,
  staleMs: 1_000,
  demoGrant: '1',
};
const PAIRS = [{ symbol: 'BTC/USDT', quote: 'USDT' }];
const problems = (over: Partial<SecondTerms>, coinDecimals: number | null = 6) =>
  secondTermsProblems({ ...TERMS, ...over }, PAIRS, coinDecimals ?? undefined);
const withDuration = (over: Partial<SecondDuration>) => problems({ durations: [{ ...D, ...over }] });

describe('option terms, one problem at a time', () => {
  it('sound terms at every limit have none', () => {
    expect(problems({})).toEqual([]);
    expect(withDuration({ seconds: 1 })).toEqual([]);
    expect(withDuration({ seconds: 86_400 })).toEqual([]);
    expect(withDuration({ payoutRate: '10' })).toEqual([]);
    expect(withDuration({ minStake: '10', maxStake: '10' })).toEqual([]);
    expect(withDuration({ exposureCap: '0.001' })).toEqual([]);
    expect(problems({ stakeDecimals: 0 })).toEqual([]);
    expect(problems({ stakeDecimals: 6, durations: [{ ...D, minStake: '0.000001' }] })).toEqual([]);
  });

  it('the coin and the stake decimals', () => {
    expect(problems({}, null)).toEqual(['second coin USDT is not a coin']);
    expect(problems({ stakeDecimals: 7 })).toEqual(['second stakeDecimals must be 0..the coin decimals']);
    expect(problems({ stakeDecimals: -1 })[0]).toBe('second stakeDecimals must be 0..the coin decimals');
    expect(problems({ stakeDecimals: 1.5 })).toHaveLength(1);
    expect(problems({ stakeDecimals: 8 }, null)).toHaveLength(1);
    expect(problems({ stakeDecimals: 9 }, null)).toHaveLength(2);
  });

  it('each duration field', () => {
    expect(withDuration({ seconds: 0 })).toEqual(['second duration 0s: seconds']);
    expect(withDuration({ seconds: 86_401 })).toEqual(['second duration 86401s: seconds']);
    expect(withDuration({ seconds: 1.5 })).toEqual(['second duration 1.5s: seconds']);
    expect(withDuration({ payoutRate: '10.01' })).toEqual(['second duration 30s: payoutRate']);
    expect(withDuration({ payoutRate: '0' })).toEqual(['second duration 30s: payoutRate']);
    expect(withDuration({ payoutRate: '-1' })).toEqual(['second duration 30s: payoutRate']);
    expect(withDuration({ minStake: '10.001' })).toEqual(['second duration 30s: minStake']);
    expect(withDuration({ maxStake: '0' })).toEqual(['second duration 30s: maxStake']);
    expect(withDuration({ exposureCap: '1e3' })).toEqual(['second duration 30s: exposureCap']);
    expect(withDuration({ maxStake: '9.99' })).toEqual(['second duration 30s: maxStake below minStake']);
    expect(problems({ durations: [D, { ...D, payoutRate: '0.9' }] })).toEqual([
      'second duration 30s listed twice',
    ]);
  });

  it('the staleness window and the demo grant', () => {
    expect(problems({ staleMs: 999 })).toEqual(['second staleMs must be ≥ 1000']);
    expect(problems({ staleMs: 1000.5 })).toEqual(['second staleMs must be ≥ 1000']);
    expect(problems({ demoGrant: '0.00' })).toEqual(['second demoGrant']);
    expect(problems({ demoGrant: 5 as unknown as string })).toEqual(['second demoGrant']);
  });

  it('the pairs', () => {
    expect(problems({ pairs: ['ETH/USDT'] })).toEqual(['second pair ETH/USDT is not a spot pair']);
    expect(problems({ pairs: ['BTC/USDT', 'BTC/USDT'] })).toEqual(['second pair BTC/USDT listed twice']);
    expect(secondTermsProblems(TERMS, [{ symbol: 'BTC/USDT', quote: 'USDC' }], 6)).toEqual([
      'second pair BTC/USDT is not quoted in USDT',
    ]);
  });
});

describe('payouts and stakes', () => {
  it('whole and fractional rates, floored to the stake decimals', () => {
    expect(payoutUnits(1_000_000_000n, '1', 2)).toBe(2_000_000_000n);
    expect(payoutUnits(1_000_000_000n, ' 0.855 ', 2)).toBe(1_855_000_000n);
    expect(payoutUnits(1_001_000_000n, '0.855', 2)).toBe(1_856_000_000n);
    expect(payoutUnits(1_001_000_000n, '0.855', 8)).toBe(1_856_855_000n);
    expect(payoutUnits(100_000_000n, '0.123456789', 8)).toBe(112_345_678n);
    // A rate with a whole part of two digits (a 10× payout promotion) is a rate like any other.
    expect(payoutUnits(100_000_000n, '10', 2)).toBe(1_100_000_000n);
    expect(payoutUnits(100_000_000n, '12.5', 2)).toBe(1_350_000_000n);
    expect(() => payoutUnits(1n, '1.', 2)).toThrow(RangeError);
    expect(() => payoutUnits(1n, '-0.5', 2)).toThrow('not a rate: -0.5');
    expect(payoutOf('10.01', '0.855', 2)).toBe('18.56');
    expect(houseRiskUnits(1_000_000_000n, '0.8', 2)).toBe(800_000_000n);
  });

  it('stakes at their bounds and formats', () => {
    expect(stakeProblem('10', D, 2)).toBeNull();
    expect(stakeProblem('1000.00', D, 2)).toBeNull();
    expect(stakeProblem('1000.01', D, 2)).toBe('amountAboveMax');
    expect(stakeProblem('9.99', D, 2)).toBe('amountBelowMin');
    expect(stakeProblem('0', { ...D, minStake: '0' }, 2)).toBe('amountBelowMin');
    expect(stakeProblem('  ', D, 2)).toBe('required');
    expect(stakeProblem('10.5', D, 0)).toBe('amountFormat');
    expect(stakeProblem('10.', D, 2)).toBe('amountFormat');
    expect(stakeProblem('1'.repeat(15), { ...D, maxStake: '1'.repeat(16) }, 2)).toBeNull();
    expect(stakeProblem('1'.repeat(16), { ...D, maxStake: '1'.repeat(17) }, 2)).toBe('amountFormat');
    expect(findDuration({ ...TERMS, durations: [D, { ...D, seconds: 60 }] }, 60)?.seconds).toBe(60);
    expect(findDuration(TERMS, 31)).toBeUndefined();
  });

  it('results compare the exact prices', () => {
    expect(optionResult('up', '1.00000001', '1.00000002')).toBe('won');
    expect(optionResult('down', '1.00000001', '1.00000002')).toBe('lost');
    expect(optionResult('down', '2', '1.99999999')).toBe('won');
    expect(optionResult('up', '2', '2.00000000')).toBe('equal');
  });

  it('entry and exit pick the highest id among the trades that qualify', () => {
    const trades = [
      { id: 5, ts: 100 },
      { id: 7, ts: 100 },
      { id: 6, ts: 100 },
      { id: 9, ts: 101 },
    ];
    expect(entryTradeOf(trades, 101)?.id).toBe(7);
    expect(entryTradeOf(trades, 100)).toBeUndefined();
    expect(exitTradeOf(trades, 100)?.id).toBe(7);
    expect(exitTradeOf(trades, 99)).toBeUndefined();
    expect(exitTradeOf(trades, 101)?.id).toBe(9);
  });
});
