import type { CandlestickData, HistogramData, UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '../../../domain/market-data';
import type { ChartColors } from './chart-theme';

// Candles arrive as decimal strings; the chart library draws numbers. These conversions are for
// drawing only – nothing is computed from them.

/**
 * Chart time of a candle: its open time shifted by the device's UTC offset, because the chart
 * labels times as UTC and people read charts in their own time.
 */
export function chartTime(t: number): UTCTimestamp {
  const offsetMs = new Date(t).getTimezoneOffset() * 60_000;
  return Math.floor((t - offsetMs) / 1000) as UTCTimestamp;
}

/** A candlestick bar of a candle. */
export function toBar(c: Candle): CandlestickData<UTCTimestamp> {
  return { time: chartTime(c.t), open: Number(c.o), high: Number(c.h), low: Number(c.l), close: Number(c.c) };
}

/** A volume bar, coloured like its candle. */
export function toVolume(c: Candle, colors: ChartColors): HistogramData<UTCTimestamp> {
  const up = Number(c.c) >= Number(c.o);
  return { time: chartTime(c.t), value: Number(c.v), color: up ? colors.upSoft : colors.downSoft };
}

/**
 * Merges `incoming` candles (oldest first) into `bars` (oldest first, unique open times): a candle
 * with a known open time replaces it, a newer one is appended. Returns the candles that changed.
 */
export function mergeTail(bars: Candle[], incoming: readonly Candle[]): Candle[] {
  const changed: Candle[] = [];
  for (const c of incoming) {
    const last = bars[bars.length - 1];
    if (last && c.t < last.t) continue;
    if (last && c.t === last.t) bars[bars.length - 1] = c;
    else bars.push(c);
    changed.push(c);
  }
  return changed;
}
