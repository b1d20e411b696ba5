import {
  CANDLE_INTERVALS,
  channels,
  compareDecimalStrings,
  isDecimalString,
  type Candle,
  type CandleInterval,
} from '../../domain';
import { notify } from '../notify';
import { createCacheWriter, type CacheWriter, type FeedContext } from './feed-context';
import { isCandle, itemsOf } from './guards';
import { CANDLE_CACHE_LIMIT, loadCandles, saveCandles } from './market-cache';
import type { CandleUpdate } from './types';

/** Where candles came from: the device cache, the REST history, or the socket. */
type Source = 'cache' | 'rest' | 'live';

interface CandleWatcher {
  listener: (update: CandleUpdate) => unknown;
  /** The next update must be the whole series. */
  reset: boolean;
  /** Open times changed since the last update. */
  pending: Set<number>;
  /** Open time of the newest candle this watcher was sent. */
  lastT: number | null;
}

interface Series {
  symbol: string;
  interval: CandleInterval;
  subId: number;
  /** Oldest first, unique open times, at most CANDLE_CACHE_LIMIT. */
  candles: Candle[];
  /** Save time of the cache while the series holds nothing fresher; null after fresh data. */
  savedAt: number | null;
  /** The REST history answered (or failed); see CandleUpdate.history. */
  history: boolean;
  /** Open times to write to the cache. */
  dirty: Set<number>;
  writer: CacheWriter;
  watchers: Map<number, CandleWatcher>;
}

/** Candle series per market and interval: cache first, then REST history, then live updates. */
export interface CandleFeed {
  watch(symbol: string, interval: CandleInterval, listener: (update: CandleUpdate) => unknown): number;
  unwatch(id: number): boolean;
  /** Writes pending candles to the cache now. */
  flush(): Promise<void>;
  dispose(): Promise<void>;
}

/** Index of the candle opening at `t`, or the insertion point as `-(index) - 1`. */
function findCandle(candles: readonly Candle[], t: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (candles[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo < candles.length && candles[lo]!.t === t ? lo : -lo - 1;
}

/**
 * Whether `incoming` may replace `known` (same open time). The socket is the freshest source. A cache
 * row never replaces anything. A REST reply may be older than a push received meanwhile: within one
 * candle the base volume only grows, so the one with more volume is the newer.
 */
function replaces(source: Source, incoming: Candle, known: Candle): boolean {
  if (source === 'live') return true;
  if (source === 'cache') return false;
  // Exact string comparison: this module stays free of decimal.js, which the first load does not need.
  return isDecimalString(incoming.v) && compareDecimalStrings(incoming.v, known.v) >= 0;
}

/**
 * What watcher `w` of series `s` is told now: its changed candles, or the whole series when the
 * chart must reset (it can only update its last bar); null when nothing it has changed.
 */
function updateOf(s: Series, w: CandleWatcher): CandleUpdate | null {
  const last = s.candles[s.candles.length - 1];
  const changed = [...w.pending].sort((a, b) => a - b);
  w.pending.clear();
  // The chart can only update its last bar: anything older than what it has needs a full reset.
  const full = w.reset || (w.lastT !== null && changed.length > 0 && changed[0]! < w.lastT);
  let candles: Candle[];
  if (full) candles = s.candles.slice();
  else {
    candles = [];
    for (const t of changed) {
      const i = findCandle(s.candles, t);
      if (i >= 0) candles.push(s.candles[i]!);
    }
    if (candles.length === 0) return null;
  }
  w.reset = false;
  w.lastT = last?.t ?? null;
  return {
    symbol: s.symbol,
    interval: s.interval,
    reset: full,
    candles,
    savedAt: s.savedAt,
    history: s.history,
  };
}

/** Puts `items` into the series (a cached candle never replaces a known one): the times changed. */
function put(s: Series, items: readonly Candle[], source: Source): { changed: number[]; inserted: boolean } {
  const changed: number[] = [];
  let inserted = false;
  for (const c of items) {
    const i = findCandle(s.candles, c.t);
    if (i >= 0) {
      if (!replaces(source, c, s.candles[i]!)) continue;
      s.candles[i] = c;
    } else {
      const at = -i - 1;
      if (at < s.candles.length) inserted = true;
      s.candles.splice(at, 0, c);
    }
    changed.push(c.t);
    if (source !== 'cache') s.dirty.add(c.t);
  }
  return { changed, inserted };
}

/** An empty series whose cache writer saves the candles changed since the last write. */
function newSeries(ctx: FeedContext, symbol: string, interval: CandleInterval, history: boolean): Series {
  const s: Series = {
    symbol,
    interval,
    subId: 0,
    candles: [],
    savedAt: null,
    history,
    dirty: new Set(),
    watchers: new Map(),
    writer: createCacheWriter(
      ctx,
      () => {
        const rows = s.candles.filter((c) => s.dirty.has(c.t));
        s.dirty.clear();
        return rows;
      },
      (db, rows) => saveCandles(db, symbol, interval, rows, ctx.timers.now()),
    ),
  };
  return s;
}

/** Creates the candle part of the market feed; `fetchCandles` (REST history) seeds a series when given. */
export function createCandleFeed(
  ctx: FeedContext,
  fetchCandles?: (symbol: string, interval: CandleInterval) => Promise<Candle[]>,
): CandleFeed {
  const series = new Map<string, Series>();
  const owner = new Map<number, Series>();
  const seriesKey = (symbol: string, interval: CandleInterval) => `${symbol}|${interval}`;
  const key = (id: number) => `candles:${id}`;

  const emit = (s: Series, id: number): void => {
    const w = s.watchers.get(id);
    const update = w && updateOf(s, w);
    if (update) notify(w.listener, update);
  };
  const schedule = (s: Series, id: number) => ctx.coalescer.schedule(key(id), () => emit(s, id));

  const merge = (
    s: Series,
    items: readonly Candle[],
    source: Source,
    savedAt: number | null = null,
  ): boolean => {
    const { changed, inserted } = put(s, items, source);
    if (changed.length === 0) return false;
    if (s.candles.length > CANDLE_CACHE_LIMIT) s.candles.splice(0, s.candles.length - CANDLE_CACHE_LIMIT);
    if (source === 'cache') s.savedAt = s.savedAt ?? savedAt;
    else {
      s.savedAt = null;
      s.writer.mark();
    }
    for (const [id, w] of s.watchers) {
      if (inserted) w.reset = true;
      for (const t of changed) w.pending.add(t);
      schedule(s, id);
    }
    return true;
  };

  // The REST history answered (`items`) or failed (empty): from now on the watchers may page back.
  const historyDone = (s: Series, items: readonly Candle[]): void => {
    s.history = true;
    if (merge(s, items, 'rest')) return;
    // Nothing changed, yet every watcher must learn the history is in: one full update says so.
    for (const [id, w] of s.watchers) {
      w.reset = true;
      schedule(s, id);
    }
  };

  const open = (symbol: string, interval: CandleInterval): Series => {
    const s = newSeries(ctx, symbol, interval, !fetchCandles);
    const alive = () => series.get(seriesKey(symbol, interval)) === s;
    s.subId = ctx.socket.subscribe(channels.candles(symbol, interval), (data) =>
      merge(s, itemsOf(data, isCandle), 'live'),
    );
    if (ctx.db) {
      ctx.db
        .read()
        .then((db) => (db ? loadCandles(db, symbol, interval) : null))
        .then(
          (cached) => cached && alive() && merge(s, cached.candles, 'cache', cached.savedAt),
          () => undefined,
        );
    }
    fetchCandles?.(symbol, interval).then(
      (list) => alive() && historyDone(s, itemsOf(list, isCandle)),
      () => alive() && historyDone(s, []),
    );
    return s;
  };

  return {
    watch(symbol, interval, listener) {
      if (typeof symbol !== 'string' || symbol === '') throw new RangeError('symbol is required');
      if (!CANDLE_INTERVALS.includes(interval)) throw new RangeError(`unknown interval: ${String(interval)}`);
      const sk = seriesKey(symbol, interval);
      let s = series.get(sk);
      if (!s) {
        s = open(symbol, interval);
        series.set(sk, s);
      }
      const id = ctx.nextId();
      s.watchers.set(id, { listener, reset: true, pending: new Set(), lastT: null });
      owner.set(id, s);
      if (s.candles.length > 0) schedule(s, id);
      return id;
    },
    unwatch(id) {
      const s = owner.get(id);
      if (!s) return false;
      owner.delete(id);
      s.watchers.delete(id);
      ctx.coalescer.cancel(key(id));
      if (s.watchers.size === 0) {
        ctx.socket.unsubscribe(s.subId);
        series.delete(seriesKey(s.symbol, s.interval));
        void s.writer.flush();
      }
      return true;
    },
    async flush() {
      await Promise.all([...series.values()].map((s) => s.writer.flush()));
    },
    async dispose() {
      const all = [...series.values()];
      for (const id of [...owner.keys()]) this.unwatch(id);
      await Promise.all(all.map((s) => s.writer.flush()));
    },
  };
}
