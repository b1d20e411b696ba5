import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS, INTERVAL_MS, type Candle } from '../../../domain';
import { CandleBook, type MarketTrade } from '../../../server/market/data';

const pair = { symbol: 'ETH/USDT', tickSize: '0.01', lotSize: '0.0001' };
// Monday 2024-01-01 00:00 UTC: a boundary of every interval, weeks included.
const MONDAY = Date.UTC(2024, 0, 1);

let nextId = 1;
const trade = (ts: number, priceTicks: number, lots = 1): MarketTrade => ({
  id: nextId++,
  priceTicks,
  lots,
  takerSide: 'buy',
  ts,
});

describe('CandleBook buckets', () => {
  it.each(CANDLE_INTERVALS)(
    '%s: a boundary opens a new candle, the last ms before it does not',
    (interval) => {
      const len = INTERVAL_MS[interval];
      const book = new CandleBook({ pair });
      const at = (ts: number) => book.onTrade(trade(ts, 100)).find((c) => c.interval === interval)!.candle.t;
      expect(at(MONDAY - 1)).toBe(MONDAY - len);
      expect(at(MONDAY)).toBe(MONDAY);
      expect(at(MONDAY + len - 1)).toBe(MONDAY);
      expect(at(MONDAY + len)).toBe(MONDAY + len);
      expect(book.history(interval, undefined, 10).map((c) => c.t)).toEqual([
        MONDAY - len,
        MONDAY,
        MONDAY + len,
      ]);
    },
  );

  it('starts weeks on Monday 00:00 UTC', () => {
    const book = new CandleBook({ pair });
    const sunday = Date.UTC(2024, 0, 7, 23, 59, 59, 999);
    const monday = Date.UTC(2024, 0, 8);
    const thursday = Date.UTC(2024, 0, 11, 12);
    const week = (ts: number) => book.onTrade(trade(ts, 100)).find((c) => c.interval === '1w')!.candle.t;
    expect(week(sunday)).toBe(MONDAY);
    expect(week(monday)).toBe(monday);
    expect(week(thursday)).toBe(monday);
    for (const c of book.history('1w', undefined, 10)) expect(new Date(c.t).getUTCDay()).toBe(1);
    // The epoch (a Thursday) belongs to the week of Monday 1969-12-29.
    expect(week(0)).toBe(monday); // folded: earlier than the newest candle
    const fresh = new CandleBook({ pair });
    expect(fresh.onTrade(trade(0, 1)).find((c) => c.interval === '1w')!.candle.t).toBe(
      Date.UTC(1969, 11, 29),
    );
  });
});

describe('CandleBook OHLC', () => {
  it('aggregates a trade sequence into open/high/low/close and volumes', () => {
    const book = new CandleBook({ pair });
    const t0 = MONDAY + 5 * 60_000;
    const seq: Array<[number, number, number]> = [
      [t0 + 1_000, 320_000, 10], // 3200.00 × 0.0010
      [t0 + 2_000, 321_550, 5], // high
      [t0 + 3_000, 319_900, 20], // low
      [t0 + 59_999, 320_010, 1], // close of the 1m candle
      [t0 + 60_000, 320_500, 2], // next minute
    ];
    let changed: ReturnType<CandleBook['onTrade']> = [];
    for (const [ts, p, lots] of seq) changed = book.onTrade(trade(ts, p, lots));
    expect(changed.map((c) => c.interval)).toEqual([...CANDLE_INTERVALS]);

    const minute = book.history('1m', undefined, 10);
    expect(minute).toEqual<Candle[]>([
      {
        t: t0,
        o: '3200.00',
        h: '3215.50',
        l: '3199.00',
        c: '3200.10',
        v: '0.0036',
        // 3200×0.001 + 3215.5×0.0005 + 3199×0.002 + 3200.1×0.0001 = 11.52576
        qv: '11.525760',
      },
      { t: t0 + 60_000, o: '3205.00', h: '3205.00', l: '3205.00', c: '3205.00', v: '0.0002', qv: '0.641000' },
    ]);
    // The 5m candle spans both minutes.
    expect(book.latest('5m')).toEqual({
      t: t0,
      o: '3200.00',
      h: '3215.50',
      l: '3199.00',
      c: '3205.00',
      v: '0.0038',
      qv: '12.166760',
    });
  });

  it('pages history before a time, oldest first, and caps memory', () => {
    const book = new CandleBook({ pair, memoryCandles: 5 });
    for (let i = 0; i < 8; i++) book.onTrade(trade(MONDAY + i * 60_000, 100 + i));
    const all = book.history('1m', undefined, 100);
    expect(all.map((c) => c.o)).toEqual(['1.03', '1.04', '1.05', '1.06', '1.07']);
    expect(book.oldestInMemory('1m')).toBe(MONDAY + 3 * 60_000);
    expect(book.history('1m', MONDAY + 6 * 60_000, 2).map((c) => c.o)).toEqual(['1.04', '1.05']);
    expect(book.history('1m', MONDAY + 6 * 60_000 + 1, 2).map((c) => c.o)).toEqual(['1.05', '1.06']);
    expect(book.history('1m', MONDAY, 2)).toEqual([]);
    expect(book.history('1m', undefined, 0)).toEqual([]);
  });

  it('loads persisted candles and continues the open one', () => {
    const book = new CandleBook({ pair });
    const stored: Candle = {
      t: MONDAY,
      o: '1.00',
      h: '2.00',
      l: '0.50',
      c: '1.50',
      v: '0.0010',
      qv: '0.001500',
    };
    book.load('1m', [stored, { ...stored, t: MONDAY - 60_000 }]);
    expect(book.history('1m', undefined, 10).map((c) => c.t)).toEqual([MONDAY - 60_000, MONDAY]);
    const after = book.onTrade(trade(MONDAY + 30_000, 300, 5)).find((c) => c.interval === '1m')!.candle;
    expect(after).toEqual({
      t: MONDAY,
      o: '1.00',
      h: '3.00',
      l: '0.50',
      c: '3.00',
      v: '0.0015',
      qv: '0.003000',
    });
  });

  it('refuses stored candles off the grid or misaligned', () => {
    const book = new CandleBook({ pair });
    const ok: Candle = { t: MONDAY, o: '1.00', h: '1.00', l: '1.00', c: '1.00', v: '0.0001', qv: '0.000100' };
    expect(() => book.load('1m', [{ ...ok, h: '1.001' }])).toThrow(RangeError);
    expect(() => book.load('1m', [{ ...ok, v: '0.00015' }])).toThrow(RangeError);
    expect(() => book.load('1m', [{ ...ok, t: MONDAY + 1 }])).toThrow(RangeError);
    expect(() => book.load('1h', [ok])).not.toThrow();
  });

  it('refuses malformed trades', () => {
    const book = new CandleBook({ pair });
    expect(() => book.onTrade(trade(MONDAY, 0))).toThrow(RangeError);
    expect(() => book.onTrade(trade(MONDAY, 1, 0))).toThrow(RangeError);
  });
});
