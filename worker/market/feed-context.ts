import type { CoreDb } from '../store';
import type { DbHandle } from '../db-handle';

export { fixedDb, type DbHandle } from '../db-handle';
import type { Timers } from '../timers';
import type { FrameCoalescer } from './frame-coalescer';
import type { MarketSocket } from './types';

/** What every part of the market feed shares. */
export interface FeedContext {
  socket: MarketSocket;
  coalescer: FrameCoalescer;
  timers: Timers;
  /** The cache, or null to run without one. */
  db: DbHandle | null;
  /** Delay between a change and its cache write, in milliseconds (writes are batched). */
  cacheWriteMs: number;
  /** A new watcher id, unique across every kind of watch so one `unwatch` serves them all. */
  nextId(): number;
}

/**
 * A write-behind cache flusher: `mark` schedules one write `delayMs` later (however many marks come
 * before it), `flush` writes now. Write errors are dropped: the cache is an optimisation, and an
 * IndexedDB that fails (quota, private mode) must not break the live feed.
 */
export interface CacheWriter {
  mark(): void;
  flush(): Promise<void>;
}

/**
 * Creates a CacheWriter that runs `write` at most once per `ctx.cacheWriteMs`. `take` captures what to
 * write at flush time (synchronously), so a caller may clear its state right after `flush`.
 */
export function createCacheWriter<T>(
  ctx: FeedContext,
  take: () => T,
  write: (db: CoreDb, data: T) => Promise<void>,
): CacheWriter {
  let timer: unknown = null;
  let dirty = false;
  let running: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (timer !== null) ctx.timers.clearTimeout(timer);
    timer = null;
    const handle = ctx.db;
    if (!dirty || !handle) return running;
    dirty = false;
    const data = take();
    // Chained so two writes of the same rows never interleave.
    running = running
      .then(() => handle.write())
      .then((db) => write(db, data))
      .catch(() => undefined);
    return running;
  };
  return {
    mark() {
      if (!ctx.db) return;
      dirty = true;
      if (timer === null) timer = ctx.timers.setTimeout(() => void flush(), ctx.cacheWriteMs);
    },
    flush,
  };
}
