// Test doubles for the market feed: a socket whose channel messages the test sends, manual frames,
// and timers with a settable clock; and a feed built on them over a device database.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import type { FrameScheduler } from '../../../../worker/market/frame-coalescer';
import {
  createMarketFeed,
  type MarketFeed,
  type MarketFeedDeps,
} from '../../../../worker/market/market-feed';
import type { MarketSocket } from '../../../../worker/market/types';
import { openDb, type CoreDb } from '../../../../worker/store';
import type { Timers } from '../../../../worker/timers';

export interface FakeMarketSocket extends MarketSocket {
  /** Delivers `data` on `channel` to its listeners, as a server push would. */
  push(channel: string, data: unknown): void;
  /** Channels with at least one listener, with their listener counts. */
  channels(): Record<string, number>;
}

export function fakeMarketSocket(): FakeMarketSocket {
  const subs = new Map<number, { channel: string; listener: (data: unknown) => unknown }>();
  let next = 1;
  return {
    subscribe(channel, listener) {
      subs.set(next, { channel, listener });
      return next++;
    },
    unsubscribe(id) {
      subs.delete(id);
    },
    push(channel, data) {
      for (const s of [...subs.values()]) if (s.channel === channel) s.listener(structuredClone(data));
    },
    channels() {
      const out: Record<string, number> = {};
      for (const s of subs.values()) out[s.channel] = (out[s.channel] ?? 0) + 1;
      return out;
    },
  };
}

/** Frames that run only on `frame()`. */
export function manualFrames(): FrameScheduler & { frame(): void } {
  let callbacks: (() => void)[] = [];
  return {
    request(cb) {
      callbacks.push(cb);
      return callbacks.length;
    },
    cancel() {
      callbacks = [];
    },
    frame() {
      const due = callbacks;
      callbacks = [];
      due.forEach((cb) => cb());
    },
  };
}

/** Timers that fire on `run()`, with a clock the test sets. */
export function clockTimers(start = 1_700_000_000_000): Timers & { run(): void; time: number } {
  const due = new Map<number, () => void>();
  let next = 1;
  const t = {
    time: start,
    setTimeout: (fn: () => void) => {
      due.set(next, fn);
      return next++;
    },
    clearTimeout: (h: unknown) => void due.delete(h as number),
    setInterval: () => 0,
    clearInterval: () => undefined,
    now: () => t.time,
    run() {
      const fns = [...due.values()];
      due.clear();
      fns.forEach((f) => f());
    },
  };
  return t;
}

/** The REST seeds a feed test may give; the depth snapshot is never fetched. */
export type FeedSeeds = Pick<MarketFeedDeps, 'fetchTickers' | 'fetchTrades' | 'fetchCandles'>;

/**
 * Builds market feeds over device databases named `<prefix>-<n>` (or `name`, to reopen one) with a
 * fake socket, manual frames and a settable clock, for one test file; each feed is disposed and its
 * database closed after each test. Call it once at the top of the file (it registers the afterEach).
 */
export function feedsOnDevice(prefix: string) {
  let n = 0;
  const open: { db: CoreDb; feed: MarketFeed }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.feed.dispose();
      o.db.close();
    }
  });
  const setup = (name = `${prefix}-${++n}`, seeds: FeedSeeds = {}) => {
    const db = openDb({ name, indexedDB, IDBKeyRange });
    const socket = fakeMarketSocket();
    const frames = manualFrames();
    const timers = clockTimers();
    const feed = createMarketFeed({
      socket,
      scheduler: frames,
      timers,
      db,
      fetchSnapshot: () => Promise.reject(new Error('unused')),
      ...seeds,
    });
    open.push({ db, feed });
    return { name, db, socket, frames, timers, feed };
  };
  /** Leaves the feeds opened so far to the test, which disposed of them and closed their databases. */
  const forget = () => void open.splice(0);
  return Object.assign(setup, { forget });
}
