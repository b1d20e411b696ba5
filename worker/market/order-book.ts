import type { DepthDiff, DepthLevel, DepthMessage, DepthSnapshot } from '../../domain';
import { defaultTimers, type TimerHandle, type Timers } from '../timers';
import { BookSide, PriceScale } from './book-side';
import { fastDepthChecksum } from './checksum';
import { isDepthSnapshot } from './guards';

/**
 * Where a local book stands: `empty` before its first snapshot, `syncing` while a resync is under way
 * (the levels shown are the last known ones and may be stale), `live` when it follows the stream.
 */
export type BookStatus = 'empty' | 'syncing' | 'live';

/**
 * Why a snapshot was requested: a missing diff (`gap`), a checksum that did not match after a diff
 * (`checksum`), a snapshot older than the book (`stale`), a malformed level in a diff (`malformed`),
 * no snapshot arriving on the channel in time (`no-snapshot`), or a snapshot that failed its own
 * checksum, held malformed levels or could not be fetched (`bad-snapshot`; retried after a delay).
 */
export type ResyncReason = 'gap' | 'checksum' | 'stale' | 'malformed' | 'no-snapshot' | 'bad-snapshot';

/** What a local order book needs. */
export interface OrderBookOptions {
  symbol: string;
  /** Fetches the full book (the REST snapshot). Only one call is ever in flight per book. */
  fetchSnapshot: (symbol: string) => Promise<DepthSnapshot>;
  /** Called after every change of levels or status (to schedule a coalesced UI update). */
  onChange?: () => void;
  /** Called each time a snapshot is requested, with the reason (diagnostics, tests). */
  onResync?: (reason: ResyncReason) => void;
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  /** Delay before retrying a failed or invalid snapshot fetch, in milliseconds; 1000 unless set. */
  retryDelayMs?: number;
  /**
   * How long diffs may arrive before any snapshot before the book fetches one itself, in
   * milliseconds; 3000 unless set. The server sends a snapshot on subscription, so this is a fallback.
   */
  initialWaitMs?: number;
  /** Most diffs kept while waiting for a snapshot; the oldest go first. 5000 unless set. */
  maxBuffered?: number;
}

/** Outcome of applying a diff or adopting a snapshot; anything but `ok` needs a (new) snapshot. */
type Step = 'ok' | ResyncReason;

/**
 * A local order book of one market, fed by the depth channel: a snapshot, then diffs in sequence,
 * each verified against its checksum. Any gap, checksum mismatch or stale snapshot starts exactly one
 * resync: diffs are buffered, one snapshot is fetched, buffered diffs it already covers are dropped
 * and the rest applied in order. A resync never overlaps another; a fault found while applying the
 * buffer starts the next one only after the current one ended.
 */
export class OrderBook {
  readonly symbol: string;
  #scale = new PriceScale();
  #bids = new BookSide(true, this.#scale);
  #asks = new BookSide(false, this.#scale);
  #seq: number | null = null;
  #status: BookStatus = 'empty';
  /** Diffs waiting for a snapshot, by seq (a duplicate keeps the first copy). */
  readonly #buffer = new Map<number, DepthDiff>();
  #requests = 0;
  #disposed = false;
  #timer: TimerHandle | null = null;
  readonly #opts: OrderBookOptions;
  readonly #timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;

  constructor(options: OrderBookOptions) {
    this.symbol = options.symbol;
    this.#opts = options;
    this.#timers = options.timers ?? defaultTimers;
  }

  /** Sequence number of the last applied message, or null before the first snapshot. */
  get seq(): number | null {
    return this.#seq;
  }

  get status(): BookStatus {
    return this.#status;
  }

  /** How many snapshots this book has requested through `fetchSnapshot`. */
  get snapshotRequests(): number {
    return this.#requests;
  }

  /** Bid levels, best (highest) first. Read-only view of the live array: copy before keeping it. */
  bids(): readonly DepthLevel[] {
    return this.#bids.levels;
  }

  /** Ask levels, best (lowest) first. Read-only view of the live array: copy before keeping it. */
  asks(): readonly DepthLevel[] {
    return this.#asks.levels;
  }

  /** depthChecksum of the current top levels. */
  checksum(): number {
    return fastDepthChecksum(this.#bids.levels, this.#asks.levels);
  }

  /** Feeds one depth channel message of this book's symbol. */
  handle(msg: DepthMessage): void {
    if (this.#disposed) return;
    if (msg.type === 'snapshot') this.#onSnapshot(msg);
    else this.#onDiff(msg);
  }

  /** Starts a resync unless one is under way. */
  resync(reason: ResyncReason): void {
    if (this.#disposed || this.#status === 'syncing') return;
    this.#clearTimer();
    this.#status = 'syncing';
    this.#changed();
    this.#fetch(reason);
  }

  /** Stops timers and ignores whatever arrives later, including a fetch in flight. */
  dispose(): void {
    this.#disposed = true;
    this.#clearTimer();
    this.#buffer.clear();
  }

  #onDiff(diff: DepthDiff): void {
    if (this.#status !== 'live') {
      this.#keep(diff);
      // Before the first snapshot the channel normally sends one; if it does not, fetch one.
      if (this.#status === 'empty' && this.#timer === null) {
        this.#timer = this.#timers.setTimeout(() => {
          this.#timer = null;
          this.resync('no-snapshot');
        }, this.#opts.initialWaitMs ?? 3000);
      }
      return;
    }
    const seq = this.#seq!;
    // A duplicate (a resent or replayed message) is already in the book.
    if (diff.seq <= seq) return;
    if (diff.prevSeq !== seq) {
      this.#keep(diff);
      return this.resync('gap');
    }
    const step = this.#apply(diff);
    if (step !== 'ok') return this.resync(step);
    this.#changed();
  }

  #onSnapshot(snap: DepthSnapshot): void {
    // While syncing, the fetched snapshot decides; a channel snapshot could race it.
    if (this.#status === 'syncing') return;
    if (this.#status === 'live' && snap.seq < this.#seq!) return this.resync('stale');
    this.#clearTimer();
    const step = this.#adopt(snap);
    if (step !== 'ok') return this.resync(step);
    this.#status = 'live';
    this.#changed();
  }

  /** Applies one diff in place and verifies the checksum. */
  #apply(diff: DepthDiff): Step {
    try {
      const { bids, asks } = diff;
      for (let i = 0; i < bids.length; i++) this.#bids.set(bids[i]![0], bids[i]![1]);
      for (let i = 0; i < asks.length; i++) this.#asks.set(asks[i]![0], asks[i]![1]);
    } catch {
      return 'malformed';
    }
    this.#seq = diff.seq;
    return fastDepthChecksum(this.#bids.levels, this.#asks.levels) === diff.checksum ? 'ok' : 'checksum';
  }

  /**
   * Replaces the book with a snapshot (built aside, so a bad one leaves the book as it was), then
   * applies the buffered diffs it does not cover. Diffs after a failure stay buffered.
   */
  #adopt(snap: DepthSnapshot): Step {
    const scale = new PriceScale();
    const bids = new BookSide(true, scale);
    const asks = new BookSide(false, scale);
    try {
      for (const [p, q] of snap.bids) bids.set(p, q);
      for (const [p, q] of snap.asks) asks.set(p, q);
    } catch {
      return 'bad-snapshot';
    }
    if (fastDepthChecksum(bids.levels, asks.levels) !== snap.checksum) return 'bad-snapshot';
    this.#scale = scale;
    this.#bids = bids;
    this.#asks = asks;
    this.#seq = snap.seq;
    const pending = [...this.#buffer.keys()].sort((a, b) => a - b);
    for (const seq of pending) {
      const diff = this.#buffer.get(seq)!;
      if (diff.seq <= this.#seq) {
        this.#buffer.delete(seq);
        continue;
      }
      if (diff.prevSeq !== this.#seq) return 'gap';
      this.#buffer.delete(seq);
      const step = this.#apply(diff);
      if (step !== 'ok') return step;
    }
    return 'ok';
  }

  #fetch(reason: ResyncReason): void {
    this.#requests++;
    this.#opts.onResync?.(reason);
    let pending: Promise<DepthSnapshot>;
    try {
      pending = this.#opts.fetchSnapshot(this.symbol);
    } catch (err) {
      pending = Promise.reject(err);
    }
    pending.then(
      (snap) => this.#fetched(snap),
      () => {
        if (!this.#disposed) this.#retryLater();
      },
    );
  }

  #fetched(snap: unknown): void {
    if (this.#disposed) return;
    const step = isDepthSnapshot(snap) && snap.symbol === this.symbol ? this.#adopt(snap) : 'bad-snapshot';
    if (step === 'ok') {
      this.#status = 'live';
      this.#changed();
      return;
    }
    // A bad snapshot may mean the server is restarting: wait before asking again. A fault in the
    // buffered diffs (a gap the snapshot does not bridge, a checksum) needs a newer snapshot: ask now.
    if (step === 'bad-snapshot') return this.#retryLater();
    this.#changed();
    this.#fetch(step);
  }

  #retryLater(): void {
    if (this.#disposed) return;
    this.#clearTimer();
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      if (!this.#disposed) this.#fetch('bad-snapshot');
    }, this.#opts.retryDelayMs ?? 1000);
  }

  #keep(diff: DepthDiff): void {
    if (this.#buffer.has(diff.seq)) return;
    this.#buffer.set(diff.seq, diff);
    const max = this.#opts.maxBuffered ?? 5000;
    // Map order is arrival order, so this drops the oldest arrival; a snapshot newer than it
    // makes it moot, and an older one shows up as a gap and a refetch.
    if (this.#buffer.size > max) this.#buffer.delete(this.#buffer.keys().next().value!);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #changed(): void {
    this.#opts.onChange?.();
  }
}
