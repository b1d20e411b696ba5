/**
 * One side of an aggregated book: price ticks → total lots, with the prices kept sorted best-first
 * so the top levels (checksum, snapshot) are a slice instead of a sort per message.
 */
export class SortedLevels {
  readonly #lots = new Map<number, number>();
  /** Prices best-first: descending for bids, ascending for asks. */
  readonly #prices: number[] = [];
  readonly #descending: boolean;

  constructor(descending: boolean) {
    this.#descending = descending;
  }

  /** Lots at `priceTicks`, 0 when there is no level. */
  get(priceTicks: number): number {
    return this.#lots.get(priceTicks) ?? 0;
  }

  /** Sets the total at `priceTicks`; 0 removes the level. */
  set(priceTicks: number, lots: number): void {
    const had = this.#lots.has(priceTicks);
    if (lots === 0) {
      if (!had) return;
      this.#lots.delete(priceTicks);
      this.#prices.splice(this.#indexOf(priceTicks), 1);
      return;
    }
    this.#lots.set(priceTicks, lots);
    if (!had) this.#prices.splice(this.#indexOf(priceTicks), 0, priceTicks);
  }

  /** Number of levels. */
  get size(): number {
    return this.#prices.length;
  }

  /** The best `limit` levels (all by default) as [priceTicks, lots], best first. */
  top(limit = Infinity): Array<[number, number]> {
    const n = Math.min(limit, this.#prices.length);
    const out: Array<[number, number]> = [];
    for (let i = 0; i < n; i++) {
      const p = this.#prices[i]!;
      out.push([p, this.#lots.get(p)!]);
    }
    return out;
  }

  clear(): void {
    this.#lots.clear();
    this.#prices.length = 0;
  }

  /** Position of `price` in best-first order (binary search: where it is or would be inserted). */
  #indexOf(price: number): number {
    let lo = 0;
    let hi = this.#prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = this.#prices[mid]!;
      const before = this.#descending ? p > price : p < price;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
