import { channels, type DepthSnapshot } from '../../domain';
import { notify } from '../notify';
import type { FeedContext } from './feed-context';
import { checkViewOptions, groupBook, type BookViewOptions } from './grouping';
import { isDepthDiff, isDepthSnapshot } from './guards';
import { OrderBook, type OrderBookOptions } from './order-book';
import type { BookView } from './types';

/** Options passed to every OrderBook the feed creates (timeouts, diagnostics). */
export type BookTuning = Partial<Omit<OrderBookOptions, 'symbol' | 'fetchSnapshot' | 'onChange'>>;

interface BookEntry {
  book: OrderBook;
  subId: number;
  watchers: Set<number>;
}

interface BookWatcher {
  symbol: string;
  options: BookViewOptions;
  listener: (view: BookView) => unknown;
}

/** Order books shared by symbol: one socket subscription and one OrderBook however many watchers. */
export interface BookFeed {
  watch(symbol: string, options: BookViewOptions, listener: (view: BookView) => unknown): number;
  /** Changes a watcher's rows, step or side; the next frame shows the new view. */
  setView(id: number, options: BookViewOptions): void;
  /** Stops a book watcher; returns false when `id` is not one. */
  unwatch(id: number): boolean;
  /** The shared OrderBook of a symbol, while watched (diagnostics, tests). */
  book(symbol: string): OrderBook | undefined;
  dispose(): void;
}

/** Creates the book part of the market feed. */
export function createBookFeed(
  ctx: FeedContext,
  fetchSnapshot: (symbol: string) => Promise<DepthSnapshot>,
  tuning: BookTuning = {},
): BookFeed {
  const entries = new Map<string, BookEntry>();
  const watchers = new Map<number, BookWatcher>();
  const key = (id: number) => `book:${id}`;

  const emit = (id: number): void => {
    const w = watchers.get(id);
    const entry = w && entries.get(w.symbol);
    if (!w || !entry) return;
    const { book } = entry;
    const bids = book.bids();
    const asks = book.asks();
    const grouped = groupBook(bids, asks, w.options);
    notify(w.listener, {
      symbol: w.symbol,
      status: book.status,
      seq: book.seq,
      step: w.options.step,
      bids: grouped.bids,
      asks: grouped.asks,
      bestBid: bids[0]?.[0] ?? null,
      bestAsk: asks[0]?.[0] ?? null,
    });
  };

  const schedule = (id: number): void => ctx.coalescer.schedule(key(id), () => emit(id));

  const open = (symbol: string): BookEntry => {
    const watching = new Set<number>();
    const book = new OrderBook({
      timers: ctx.timers,
      ...tuning,
      symbol,
      fetchSnapshot,
      // Grouping runs in the frame task, not here: a burst of diffs costs one regroup per frame.
      onChange: () => watching.forEach(schedule),
    });
    const subId = ctx.socket.subscribe(channels.depth(symbol), (data) => {
      if ((isDepthDiff(data) || isDepthSnapshot(data)) && data.symbol === symbol) book.handle(data);
    });
    return { book, subId, watchers: watching };
  };

  return {
    watch(symbol, options, listener) {
      if (typeof symbol !== 'string' || symbol === '') throw new RangeError('symbol is required');
      checkViewOptions(options);
      let entry = entries.get(symbol);
      if (!entry) {
        entry = open(symbol);
        entries.set(symbol, entry);
      }
      const id = ctx.nextId();
      watchers.set(id, { symbol, options: { ...options }, listener });
      entry.watchers.add(id);
      // A later watcher of a book that is already up shows it at once.
      if (entry.book.status !== 'empty') schedule(id);
      return id;
    },
    setView(id, options) {
      checkViewOptions(options);
      const w = watchers.get(id);
      if (!w) return;
      w.options = { ...options };
      schedule(id);
    },
    unwatch(id) {
      const w = watchers.get(id);
      if (!w) return false;
      watchers.delete(id);
      ctx.coalescer.cancel(key(id));
      const entry = entries.get(w.symbol);
      entry?.watchers.delete(id);
      if (entry && entry.watchers.size === 0) {
        entry.book.dispose();
        ctx.socket.unsubscribe(entry.subId);
        entries.delete(w.symbol);
      }
      return true;
    },
    book: (symbol) => entries.get(symbol)?.book,
    dispose() {
      for (const id of [...watchers.keys()]) this.unwatch(id);
    },
  };
}
