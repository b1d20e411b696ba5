import { channels, type Ticker } from '../../domain';
import { notify } from '../notify';
import { createCacheWriter, type FeedContext } from './feed-context';
import { isTicker, itemsOf } from './guards';
import { loadTickers, saveTickers } from './market-cache';
import type { CachedTickers } from './types';

/** Live tickers of every market, cached for the next start. */
export interface TickerFeed {
  /** Calls `listener` with every known ticker (sorted by symbol) at most once per frame. */
  watch(listener: (tickers: Ticker[]) => unknown): number;
  unwatch(id: number): boolean;
  /** What the device cache holds, with its age; empty (savedAt null) without a cache. */
  cached(): Promise<CachedTickers>;
  /**
   * Starts the REST read before any page watches (at worker start), so the first page that does gets
   * it one round trip sooner; used by the first `watch` within EARLY_TICKERS_MS, else dropped.
   */
  prefetch(): void;
  /** Writes pending changes to the cache now. */
  flush(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * How long a prefetched ticker list may seed the first watcher, in milliseconds (newer pushes win
 * over it by `ts` anyway): the worker starts beside the framework's download, seconds on a slow link.
 */
export const EARLY_TICKERS_MS = 15_000;

const bySymbol = (a: Ticker, b: Ticker) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/** Creates the ticker part of the market feed; `fetchTickers` (REST) seeds it when given. */
export function createTickerFeed(ctx: FeedContext, fetchTickers?: () => Promise<Ticker[]>): TickerFeed {
  const tickers = new Map<string, Ticker>();
  const watchers = new Map<number, (tickers: Ticker[]) => unknown>();
  let subId: number | null = null;
  let early: { at: number; list: Promise<Ticker[]> } | null = null;
  const key = (id: number) => `tickers:${id}`;
  const writer = createCacheWriter(
    ctx,
    () => [...tickers.values()],
    (db, list) => saveTickers(db, list, ctx.timers.now()),
  );

  const emit = (id: number): void => {
    const listener = watchers.get(id);
    if (listener) notify(listener, [...tickers.values()].sort(bySymbol));
  };
  const schedule = (id: number) => ctx.coalescer.schedule(key(id), () => emit(id));

  /** Merges tickers; an older one (by `ts`) never replaces a newer (a slow REST reply after a push). */
  const merge = (items: readonly Ticker[]): void => {
    let changed = false;
    for (const t of items) {
      const known = tickers.get(t.symbol);
      if (known && known.ts > t.ts) continue;
      tickers.set(t.symbol, t);
      changed = true;
    }
    if (!changed) return;
    for (const id of watchers.keys()) schedule(id);
    writer.mark();
  };

  return {
    watch(listener) {
      const id = ctx.nextId();
      watchers.set(id, listener);
      if (subId === null) {
        // Each message is an array of changed tickers (domain `channels.tickers`).
        subId = ctx.socket.subscribe(channels.tickers, (data) => merge(itemsOf(data, isTicker)));
        const seed = early && ctx.timers.now() - early.at <= EARLY_TICKERS_MS ? early.list : fetchTickers?.();
        early = null;
        seed?.then(
          (list) => {
            if (subId !== null) merge(itemsOf(list, isTicker));
          },
          () => undefined,
        );
      }
      if (tickers.size > 0) schedule(id);
      return id;
    },
    unwatch(id) {
      if (!watchers.delete(id)) return false;
      ctx.coalescer.cancel(key(id));
      if (watchers.size === 0 && subId !== null) {
        ctx.socket.unsubscribe(subId);
        subId = null;
        void writer.flush();
        // Without the channel the map would silently go stale; the next watch starts afresh.
        tickers.clear();
      }
      return true;
    },
    prefetch() {
      if (!fetchTickers || subId !== null || early) return;
      const list = fetchTickers();
      list.catch(() => undefined);
      early = { at: ctx.timers.now(), list };
    },
    async cached() {
      const db = await ctx.db?.read().catch(() => null);
      return db ? loadTickers(db) : { tickers: [], savedAt: null };
    },
    flush: () => writer.flush(),
    async dispose() {
      for (const id of [...watchers.keys()]) this.unwatch(id);
      await writer.flush();
    },
  };
}
