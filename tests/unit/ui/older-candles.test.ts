import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../domain/market-data';
import { createHistoryPager, prependOlder, withOlder } from '../../../src/pages/market/older-candles';

const MIN = 60_000;
/** A one-minute candle at minute `m`, its close tagged with `tag` to tell copies apart. */
const candle = (m: number, tag = 'a'): Candle => ({
  t: m * MIN,
  o: '1',
  h: '2',
  l: '0.5',
  c: `1.${tag === 'a' ? 5 : 6}`,
  v: '3',
  qv: '4',
});
/** Candles at minutes from..to (inclusive), oldest first. */
const range = (from: number, to: number): Candle[] =>
  Array.from({ length: to - from + 1 }, (_, i) => candle(from + i));
const minutes = (cs: readonly Candle[]) => cs.map((c) => c.t / MIN);

describe('prependOlder', () => {
  it('puts an older page in front, oldest first', () => {
    const out = prependOlder(range(10, 12), range(7, 9));
    expect(minutes(out.bars)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(minutes(out.added)).toEqual([7, 8, 9]);
  });

  it('drops candles the series already has (or newer), keeping the series copy', () => {
    const series = [candle(10, 'live'), candle(11, 'live')];
    const out = prependOlder(series, [candle(8), candle(9), candle(10), candle(11), candle(12)]);
    expect(minutes(out.bars)).toEqual([8, 9, 10, 11]);
    expect(out.bars[2]).toBe(series[0]);
    expect(minutes(out.added)).toEqual([8, 9]);
  });

  it('sorts an unordered page and keeps one candle per open time (the later copy)', () => {
    const out = prependOlder(range(10, 10), [candle(8), candle(6), candle(8, 'b'), candle(7)]);
    expect(minutes(out.bars)).toEqual([6, 7, 8, 10]);
    expect(out.bars[2]!.c).toBe('1.6');
  });

  it('takes the whole page when the series is empty, and adds nothing for an empty page', () => {
    expect(minutes(prependOlder([], range(1, 3)).bars)).toEqual([1, 2, 3]);
    const out = prependOlder(range(5, 6), []);
    expect(minutes(out.bars)).toEqual([5, 6]);
    expect(out.added).toEqual([]);
  });

  it('does not change its inputs', () => {
    const series = range(10, 11);
    const page = [candle(9), candle(8)];
    prependOlder(series, page);
    expect(minutes(series)).toEqual([10, 11]);
    expect(minutes(page)).toEqual([9, 8]);
  });
});

describe('withOlder', () => {
  it('keeps loaded history in front of a fresh series, without overlap', () => {
    expect(minutes(withOlder(range(1, 5), range(4, 8)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(minutes(withOlder(range(1, 3), []))).toEqual([1, 2, 3]);
    expect(minutes(withOlder([], range(4, 5)))).toEqual([4, 5]);
  });
});

describe('createHistoryPager', () => {
  const PAGE = 3;
  const RETRY = 10_000;

  it('asks for candles before the oldest one and merges the page', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    const bars = range(10, 12);
    expect(pager.begin(bars, 0)).toBe(10 * MIN);
    expect(pager.busy).toBe(true);
    const out = pager.finish(bars, range(7, 9), 0);
    expect(minutes(out.bars)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pager.busy).toBe(false);
    expect(pager.exhausted).toBe(false);
    expect(pager.begin(out.bars, 0)).toBe(7 * MIN);
  });

  it('never starts a second load while one is in flight', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    const bars = range(10, 12);
    expect(pager.begin(bars, 0)).not.toBeNull();
    expect(pager.begin(bars, 0)).toBeNull();
    expect(pager.begin(bars, 1_000)).toBeNull();
    pager.finish(bars, range(7, 9), 1_000);
    expect(pager.begin(bars, 1_000)).not.toBeNull();
  });

  it('stops after a short page', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    pager.begin(range(10, 12), 0);
    const out = pager.finish(range(10, 12), range(8, 9), 0);
    expect(minutes(out.added)).toEqual([8, 9]);
    expect(pager.exhausted).toBe(true);
    expect(pager.begin(out.bars, 0)).toBeNull();
  });

  it('stops after an empty page', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    pager.begin(range(10, 12), 0);
    expect(pager.finish(range(10, 12), [], 0).added).toEqual([]);
    expect(pager.exhausted).toBe(true);
    expect(pager.begin(range(10, 12), 0)).toBeNull();
  });

  it('stops after a full page that brought nothing new, rather than asking for it forever', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    pager.begin(range(10, 12), 0);
    expect(pager.finish(range(10, 12), range(10, 12), 0).added).toEqual([]);
    expect(pager.exhausted).toBe(true);
  });

  it('merges into the series as it is when the page lands (a reset may have come meanwhile)', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    pager.begin(range(10, 12), 0);
    // While the request was out, the worker sent a fresh series that already starts at minute 8.
    const out = pager.finish(range(8, 13), range(7, 9), 0);
    expect(minutes(out.bars)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(minutes(out.added)).toEqual([7]);
  });

  it('waits out the back-off after a failed request, then asks again', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    const bars = range(10, 12);
    pager.begin(bars, 0);
    const out = pager.finish(bars, null, 1_000);
    expect(minutes(out.bars)).toEqual([10, 11, 12]);
    expect(out.added).toEqual([]);
    expect(pager.exhausted).toBe(false);
    expect(pager.begin(bars, 1_000 + RETRY - 1)).toBeNull();
    expect(pager.begin(bars, 1_000 + RETRY)).toBe(10 * MIN);
  });

  it('has nothing to ask for before the series has a candle', () => {
    const pager = createHistoryPager(PAGE, RETRY);
    expect(pager.begin([], 0)).toBeNull();
    expect(pager.busy).toBe(false);
  });
});
