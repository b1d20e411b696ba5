import type { Candle } from '../../../domain/market-data';

// The pure half of "scroll back to load older candles": which page to ask for, how a page joins the
// series, and when history has run out. The hook (use-candle-series.ts) only wires it to the chart.

/** What the pager answers when a page of older candles arrives. */
export interface OlderPage {
  /** The whole series with the page's new candles in front: oldest first, unique open times. */
  bars: Candle[];
  /** Candles the page added (oldest first); empty when it brought nothing new. */
  added: Candle[];
}

/** Loads of older history for one series: at most one at a time, none after history ran out. */
export interface HistoryPager {
  /**
   * Starts a load if one may start now and returns the `before` (open time, ms) to ask for; null
   * while a load is in flight, after history ran out, during the back-off after a failure, or when
   * the series is empty (there is nothing to be older than yet).
   */
  begin(bars: readonly Candle[], now: number): number | null;
  /**
   * Ends the load begun last with its `page` (oldest first, as the server sends it), or with null
   * when the request failed (retried no sooner than the back-off). `bars` is the series now, which
   * may have changed while the request was in flight.
   */
  finish(bars: readonly Candle[], page: readonly Candle[] | null, now: number): OlderPage;
  /** A load is in flight. */
  readonly busy: boolean;
  /** The server has no older candles: a short page, or one that brought nothing new. */
  readonly exhausted: boolean;
}

/**
 * A pager asking for `pageSize` candles per step; after a failed request it waits `retryMs` before
 * the next.
 */
export function createHistoryPager(pageSize: number, retryMs: number): HistoryPager {
  let busy = false;
  let exhausted = false;
  let retryAt = 0;
  return {
    begin(bars, now) {
      const oldest = bars[0];
      if (busy || exhausted || !oldest || now < retryAt) return null;
      busy = true;
      return oldest.t;
    },
    finish(bars, page, now) {
      busy = false;
      if (page === null) {
        retryAt = now + retryMs;
        return { bars: [...bars], added: [] };
      }
      const merged = prependOlder(bars, page);
      // A page with nothing new would be asked for again and again: treat it as the end too.
      if (page.length < pageSize || merged.added.length === 0) exhausted = true;
      return merged;
    },
    get busy() {
      return busy;
    },
    get exhausted() {
      return exhausted;
    },
  };
}

/**
 * Puts the candles of `page` that open before the series' first candle in front of `bars`, sorted
 * by open time and with one candle per open time (the later copy in the page wins). Candles at or
 * after the series' start are already on the chart (and fresher there), so they are dropped.
 */
export function prependOlder(bars: readonly Candle[], page: readonly Candle[]): OlderPage {
  const start = bars[0]?.t ?? Infinity;
  const byTime = new Map<number, Candle>();
  for (const c of page) if (c.t < start) byTime.set(c.t, c);
  const added = [...byTime.values()].sort((a, b) => a.t - b.t);
  return { bars: [...added, ...bars], added };
}

/**
 * A fresh series from the worker (`series`, oldest first) with the candles shown so far (`shown`,
 * oldest first) that open before it kept in front: history paged in by scrolling back, and candles
 * the worker dropped off its bounded series. A reset must not drop them, nor leave a gap.
 */
export function withOlder(shown: readonly Candle[], series: readonly Candle[]): Candle[] {
  const first = series[0]?.t ?? Infinity;
  return [...shown.filter((c) => c.t < first), ...series];
}
