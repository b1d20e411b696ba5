import { PriceLevel } from './price-level';
import type { DepthLevel, Side } from './types';

/**
 * One side of the fast book: the price levels in a plain array sorted from worst to best price, so the
 * best level is the last element. Matching consumes and creates levels near the best price, which is the
 * cheap end of an array (pop/push, or a splice that moves few elements); a Map gives O(1) access to an
 * existing level by price so only the creation or removal of a level pays for a binary search.
 */
export class BookSide {
  /** Sorted worst → best: ascending prices for bids, descending prices for asks. */
  private readonly levels: PriceLevel[] = [];
  private readonly byPrice = new Map<number, PriceLevel>();
  /** Σ priceTicks × lots resting on this side, in quote units (see `fitsCapacity`). */
  notional = 0;

  constructor(readonly side: Side) {}

  /** The best level, or undefined when the side is empty. */
  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  isEmpty(): boolean {
    return this.levels.length === 0;
  }

  /** The level at `priceTicks`, created (empty) and inserted in order if it does not exist yet. */
  levelAt(priceTicks: number): PriceLevel {
    let level = this.byPrice.get(priceTicks);
    if (level === undefined) {
      level = new PriceLevel(priceTicks);
      this.byPrice.set(priceTicks, level);
      this.levels.splice(this.indexAfter(priceTicks), 0, level);
    }
    return level;
  }

  /** Removes a level (normally once it is empty). */
  removeLevel(level: PriceLevel): void {
    this.byPrice.delete(level.priceTicks);
    const last = this.levels.length - 1;
    if (this.levels[last] === level) {
      this.levels.pop();
      return;
    }
    const i = this.indexAfter(level.priceTicks) - 1;
    if (this.levels[i] !== level) throw new Error(`book-side: level ${level.priceTicks} not found`);
    this.levels.splice(i, 1);
  }

  /** Best-first aggregated levels, at most `max`. */
  depth(max: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < max; i--) {
      const l = this.levels[i];
      out.push([l.priceTicks, l.totalLots]);
    }
    return out;
  }

  /** Levels best-first (for iteration by the engine's read-only views). */
  *bestFirst(): IterableIterator<PriceLevel> {
    for (let i = this.levels.length - 1; i >= 0; i--) yield this.levels[i];
  }

  /**
   * Index of the first level that is strictly better than `priceTicks` (i.e. where a new level at that
   * price is inserted). Bids: better = higher price; asks: better = lower price.
   */
  private indexAfter(priceTicks: number): number {
    const levels = this.levels;
    const bid = this.side === 'buy';
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = levels[mid].priceTicks;
      if (bid ? p > priceTicks : p < priceTicks) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
