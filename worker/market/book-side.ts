import type { DepthLevel } from '../../domain';
import { fractionDigits, isZeroDecimal, toScaledNumber } from './scaled';

/**
 * The decimal scale shared by both sides of one book: every price is keyed as `price × 10^decimals`.
 * Canonical prices of a pair all have the pair's tick decimals, so the scale is fixed after the
 * first level; a longer price (a tick change on the server) rescales the existing keys once.
 */
export class PriceScale {
  decimals = 0;
  readonly #sides: BookSide[] = [];

  /** Registers a side whose keys follow this scale. */
  attach(side: BookSide): void {
    this.#sides.push(side);
  }

  /** The exact numeric key of a canonical price string. Throws RangeError on a malformed price. */
  key(price: string): number {
    const digits = fractionDigits(price);
    if (digits > this.decimals) {
      const factor = 10 ** (digits - this.decimals);
      for (const side of this.#sides) side.rescale(factor);
      this.decimals = digits;
    }
    return toScaledNumber(price, this.decimals);
  }
}

/**
 * One side of a book as two parallel arrays sorted best first: numeric keys (for binary search)
 * and the levels as canonical strings (for the checksum and display, without re-formatting).
 * A 20-level diff costs 20 binary searches and at most 20 splices on arrays of a few hundred
 * entries, which is cheaper than a tree at these sizes.
 */
export class BookSide {
  /** Keys (`price × 10^scale`) in best-first order: descending for bids, ascending for asks. */
  readonly keys: number[] = [];
  /** The levels, index-aligned with `keys`. Entries are replaced, never mutated. */
  readonly levels: DepthLevel[] = [];
  readonly #descending: boolean;
  readonly #scale: PriceScale;

  /** `descending` is true for bids (best = highest price). */
  constructor(descending: boolean, scale: PriceScale) {
    this.#descending = descending;
    this.#scale = scale;
    scale.attach(this);
  }

  get size(): number {
    return this.levels.length;
  }

  /**
   * Sets the quantity of a price level; a zero quantity removes it. Throws RangeError on a malformed
   * price or quantity (the side is unchanged then).
   */
  set(price: string, qty: string): void {
    const remove = isZeroDecimal(qty);
    const key = this.#scale.key(price);
    const keys = this.keys;
    // Binary search in best-first order; `lo` ends at the match or the insertion point.
    let lo = 0;
    let hi = keys.length;
    const desc = this.#descending;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid]!;
      if (desc ? k > key : k < key) lo = mid + 1;
      else hi = mid;
    }
    const found = lo < keys.length && keys[lo] === key;
    const levels = this.levels;
    // splice, not a hand-written shift: V8 moves the elements with memmove, which measured about
    // twice as fast as a loop on these arrays (a loop pays a write barrier per element).
    if (remove) {
      if (found) {
        keys.splice(lo, 1);
        levels.splice(lo, 1);
      }
    } else if (found) {
      levels[lo] = [price, qty];
    } else if (lo === keys.length) {
      keys.push(key);
      levels.push([price, qty]);
    } else {
      keys.splice(lo, 0, key);
      levels.splice(lo, 0, [price, qty]);
    }
  }

  /** Multiplies every key by `factor` (a power of ten) after the shared scale grew. */
  rescale(factor: number): void {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]! * factor;
      if (!Number.isSafeInteger(k)) throw new RangeError('price too long to key exactly');
      keys[i] = k;
    }
  }
}
