import { channels, type TradeTick } from '../../domain';
import { notify } from '../notify';
import type { FeedContext } from './feed-context';
import { isTradeTick, itemsOf } from './guards';

/** Trades kept and shown per market. */
export const TRADES_KEPT = 50;

interface TradeEntry {
  subId: number;
  /** Newest first, at most TRADES_KEPT, unique by id. */
  trades: TradeTick[];
  watchers: Set<number>;
}

/** The latest public trades per market. */
export interface TradeFeed {
  /** Calls `listener` with the latest trades, newest first, at most once per frame. */
  watch(symbol: string, listener: (trades: TradeTick[]) => unknown): number;
  unwatch(id: number): boolean;
  dispose(): void;
}

/** Newest first: by time, then by id (ids grow with time on one market). */
const newestFirst = (a: TradeTick, b: TradeTick) => b.ts - a.ts || b.id - a.id;

/** Creates the trade part of the market feed; `fetchTrades` (REST) seeds a market when given. */
export function createTradeFeed(
  ctx: FeedContext,
  fetchTrades?: (symbol: string) => Promise<TradeTick[]>,
): TradeFeed {
  const entries = new Map<string, TradeEntry>();
  const watchers = new Map<number, { symbol: string; listener: (trades: TradeTick[]) => unknown }>();
  const key = (id: number) => `trades:${id}`;

  const emit = (id: number): void => {
    const w = watchers.get(id);
    const entry = w && entries.get(w.symbol);
    if (w && entry) notify(w.listener, entry.trades.slice());
  };
  const schedule = (id: number) => ctx.coalescer.schedule(key(id), () => emit(id));

  /** Adds trades not seen yet (a reconnect or the REST seed may repeat some) and keeps the newest. */
  const merge = (entry: TradeEntry, symbol: string, items: readonly TradeTick[]): void => {
    const seen = new Set(entry.trades.map((t) => t.id));
    const fresh = items.filter((t) => t.symbol === symbol && !seen.has(t.id) && seen.add(t.id));
    if (fresh.length === 0) return;
    entry.trades = [...fresh, ...entry.trades].sort(newestFirst).slice(0, TRADES_KEPT);
    entry.watchers.forEach(schedule);
  };

  return {
    watch(symbol, listener) {
      if (typeof symbol !== 'string' || symbol === '') throw new RangeError('symbol is required');
      let entry = entries.get(symbol);
      if (!entry) {
        const created: TradeEntry = { subId: 0, trades: [], watchers: new Set() };
        created.subId = ctx.socket.subscribe(channels.trades(symbol), (data) =>
          merge(created, symbol, itemsOf(data, isTradeTick)),
        );
        fetchTrades?.(symbol).then(
          (list) => {
            if (entries.get(symbol) === created) merge(created, symbol, itemsOf(list, isTradeTick));
          },
          () => undefined,
        );
        entries.set(symbol, created);
        entry = created;
      }
      const id = ctx.nextId();
      watchers.set(id, { symbol, listener });
      entry.watchers.add(id);
      if (entry.trades.length > 0) schedule(id);
      return id;
    },
    unwatch(id) {
      const w = watchers.get(id);
      if (!w) return false;
      watchers.delete(id);
      ctx.coalescer.cancel(key(id));
      const entry = entries.get(w.symbol);
      entry?.watchers.delete(id);
      if (entry && entry.watchers.size === 0) {
        ctx.socket.unsubscribe(entry.subId);
        entries.delete(w.symbol);
      }
      return true;
    },
    dispose() {
      for (const id of [...watchers.keys()]) this.unwatch(id);
    },
  };
}
