import {
  CHECKSUM_LEVELS,
  channels,
  depthChecksum,
  type DepthDiff,
  type DepthLevel,
  type DepthSnapshot,
  type PairInfo,
} from '../../../domain';
import type { DepthSnapshot as EngineDepth, Side } from '../engine/types';
import { makeFormatter, type PairFormatter } from './format';
import { SortedLevels } from './sorted-levels';
import { NO_PUBLISH, type PublishFn } from './types';

/** Construction options of a DepthFeed. */
export interface DepthFeedOptions {
  pair: Pick<PairInfo, 'symbol' | 'tickSize' | 'lotSize'>;
  /** Receives each diff (and the snapshot after `reset`) on `depth:SYMBOL`. */
  publish?: PublishFn;
  /**
   * Sequence of the initial (empty) book. Default 0. A restart may pass something time-based so a
   * client that somehow kept a pre-restart book can never match a new `prevSeq` by coincidence.
   */
  startSeq?: number;
  /** Shared formatter of the pair; built from `pair` when omitted. */
  formatter?: PairFormatter;
}

/**
 * The public aggregated book of one market, sequenced.
 *
 * Feed it the engine's `level` events, then call `flush()` once after each engine call (or a batch
 * of calls): all the level changes since the last flush become ONE DepthDiff with
 * `seq = prevSeq + 1` and the checksum of the top CHECKSUM_LEVELS after applying it. Pending changes
 * are not visible in `snapshot()` until flushed, so a snapshot always matches its `seq` exactly and
 * a subscriber that takes a snapshot mid-batch then applies the next diff ends up right.
 */
export class DepthFeed {
  readonly symbol: string;
  readonly #fmt: PairFormatter;
  readonly #publish: PublishFn;
  readonly #channel: string;
  readonly #bids = new SortedLevels(true);
  readonly #asks = new SortedLevels(false);
  /** New totals reported since the last flush, per side: price ticks → lots (0 = removed). */
  readonly #pending = { buy: new Map<number, number>(), sell: new Map<number, number>() };
  #seq: number;

  constructor(options: DepthFeedOptions) {
    this.symbol = options.pair.symbol;
    this.#fmt = options.formatter ?? makeFormatter(options.pair);
    this.#publish = options.publish ?? NO_PUBLISH;
    this.#channel = channels.depth(this.symbol);
    this.#seq = options.startSeq ?? 0;
    if (!Number.isSafeInteger(this.#seq) || this.#seq < 0)
      throw new RangeError('startSeq must be a safe integer >= 0');
  }

  /** Sequence of the book as `snapshot()` shows it. */
  get seq(): number {
    return this.#seq;
  }

  /**
   * Records the engine's `level` event: the level at `priceTicks` on `side` now totals `totalLots`
   * (0 = gone). Later reports of the same level in the same batch replace earlier ones.
   */
  level(side: Side, priceTicks: number, totalLots: number): void {
    if (!Number.isSafeInteger(priceTicks) || priceTicks <= 0)
      throw new RangeError(`bad level price: ${priceTicks}`);
    if (!Number.isSafeInteger(totalLots) || totalLots < 0)
      throw new RangeError(`bad level lots: ${totalLots}`);
    this.#pending[side].set(priceTicks, totalLots);
  }

  /** Whether level changes wait for `flush()`. */
  get hasPending(): boolean {
    return this.#pending.buy.size > 0 || this.#pending.sell.size > 0;
  }

  /**
   * Applies the pending level changes as one diff, publishes it and returns it. Levels whose total
   * ended where it started are left out; when nothing changed at all, no diff is made, the sequence
   * stays, and undefined is returned.
   */
  flush(): DepthDiff | undefined {
    const bids = this.#applySide(this.#bids, this.#pending.buy, true);
    const asks = this.#applySide(this.#asks, this.#pending.sell, false);
    this.#pending.buy.clear();
    this.#pending.sell.clear();
    if (bids.length === 0 && asks.length === 0) return undefined;
    const prevSeq = this.#seq;
    this.#seq += 1;
    const diff: DepthDiff = {
      type: 'diff',
      symbol: this.symbol,
      seq: this.#seq,
      prevSeq,
      bids,
      asks,
      checksum: this.#checksum(),
    };
    this.#publish(this.#channel, diff);
    return diff;
  }

  /**
   * The book at the current `seq`: every level (or the best `levels` per side), best first. The
   * checksum always covers the top CHECKSUM_LEVELS of the whole book.
   */
  snapshot(levels = Infinity): DepthSnapshot {
    return {
      type: 'snapshot',
      symbol: this.symbol,
      seq: this.#seq,
      bids: this.#format(this.#bids.top(levels)),
      asks: this.#format(this.#asks.top(levels)),
      checksum: this.#checksum(),
    };
  }

  /**
   * Replaces the whole book with the engine's aggregated depth (`engine.snapshot()`), for start-up
   * after `restore` (which emits no level events) or a resync. Drops pending changes, moves to the
   * next sequence (so any client holding the old book sees a gap on the next diff) and publishes the
   * new snapshot.
   */
  reset(depth: EngineDepth): DepthSnapshot {
    this.#pending.buy.clear();
    this.#pending.sell.clear();
    this.#bids.clear();
    this.#asks.clear();
    for (const [p, lots] of depth.bids) this.#bids.set(p, lots);
    for (const [p, lots] of depth.asks) this.#asks.set(p, lots);
    this.#seq += 1;
    const snap = this.snapshot();
    this.#publish(this.#channel, snap);
    return snap;
  }

  #applySide(book: SortedLevels, pending: Map<number, number>, descending: boolean): DepthLevel[] {
    const changed: Array<[number, number]> = [];
    for (const [price, lots] of pending) {
      if (book.get(price) === lots) continue;
      book.set(price, lots);
      changed.push([price, lots]);
    }
    // Best-first like a snapshot; clients do not depend on it, but it reads well in logs.
    changed.sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]));
    return this.#format(changed);
  }

  #format(levels: ReadonlyArray<readonly [number, number]>): DepthLevel[] {
    return levels.map(([p, lots]) => [this.#fmt.ticksToPrice(p), this.#fmt.lotsToQty(lots)]);
  }

  #checksum(): number {
    return depthChecksum(
      this.#format(this.#bids.top(CHECKSUM_LEVELS)),
      this.#format(this.#asks.top(CHECKSUM_LEVELS)),
    );
  }
}
