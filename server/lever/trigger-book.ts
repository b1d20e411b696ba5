/**
 * What a trigger does when a trade reaches it: open an entrusting limit order, or close a position
 * by take-profit, stop-loss or liquidation.
 */
export type TriggerKind = 'entry' | 'tp' | 'sl' | 'liquidation';

/** One trigger: fires when a trade's price (in ticks) reaches `ticks` from its side. */
export interface Trigger {
  ticks: number;
  orderId: number;
  kind: TriggerKind;
  /** The order's trigger version when this was pushed; an older version is dropped when it surfaces. */
  version: number;
  /** Push order, so equal prices fire first-come first-served. */
  seq: number;
}

/**
 * A binary heap of triggers ordered so the one a moving price reaches first is on top: for the "down"
 * side (fires when the price falls to or below it) the highest price, for the "up" side the lowest.
 */
class TriggerHeap {
  private readonly items: Trigger[] = [];
  constructor(private readonly down: boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): Trigger | undefined {
    return this.items[0];
  }

  push(t: Trigger): void {
    // Sift up with a hole: parents move down until `t` fits (no swaps, no allocation).
    const a = this.items;
    let i = a.length;
    a.push(t);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = a[p]!;
      if (!this.before(t, parent)) break;
      a[i] = parent;
      i = p;
    }
    a[i] = t;
  }

  pop(): Trigger | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    const n = a.length;
    if (n > 0 && last) {
      // Sift the last item down from the root with a hole.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && this.before(a[r]!, a[l]!) ? r : l;
        if (!this.before(a[c]!, last)) break;
        a[i] = a[c]!;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }

  /** Keeps only the triggers `live` accepts (compaction of dropped versions). */
  filter(live: (t: Trigger) => boolean): void {
    const kept = this.items.filter(live);
    this.items.length = 0;
    for (const t of kept) this.push(t);
  }

  private before(x: Trigger, y: Trigger): boolean {
    if (x.ticks !== y.ticks) return this.down ? x.ticks > y.ticks : x.ticks < y.ticks;
    return x.seq < y.seq;
  }
}

/**
 * The triggers of one market, sorted by price so that a trade only touches the triggers it crosses:
 * checking a trade that fires nothing looks at the two heap tops, whatever the number of positions.
 * Changing or removing a trigger is lazy: the owner bumps the order's version, pushes the new
 * triggers, and stale ones are dropped when they surface (`isLive`).
 */
export class TriggerBook {
  private readonly downHeap = new TriggerHeap(true);
  private readonly upHeap = new TriggerHeap(false);
  private seq = 0;

  /** Number of triggers held, live or stale. */
  get size(): number {
    return this.downHeap.size + this.upHeap.size;
  }

  /** Adds a trigger that fires when a price at or below (`down`) or at or above (`up`) `ticks` trades. */
  add(direction: 'down' | 'up', ticks: number, orderId: number, kind: TriggerKind, version: number): void {
    const t: Trigger = { ticks, orderId, kind, version, seq: this.seq++ };
    (direction === 'down' ? this.downHeap : this.upHeap).push(t);
  }

  /**
   * The next live trigger a trade at `priceTicks` fires, removed from the book, or undefined when
   * the trade fires nothing more. Falling-side triggers come first, nearest the old price first.
   */
  next(priceTicks: number, isLive: (t: Trigger) => boolean): Trigger | undefined {
    for (;;) {
      const d = this.downHeap.peek();
      if (d && d.ticks >= priceTicks) {
        this.downHeap.pop();
        if (isLive(d)) return d;
        continue;
      }
      const u = this.upHeap.peek();
      if (u && u.ticks <= priceTicks) {
        this.upHeap.pop();
        if (isLive(u)) return u;
        continue;
      }
      return undefined;
    }
  }

  /**
   * Whether a trade at `priceTicks` reaches the top trigger of either side (possibly a stale one):
   * a batch that reaches none is skipped without opening a database transaction.
   */
  reaches(priceTicks: number): boolean {
    const d = this.downHeap.peek();
    const u = this.upHeap.peek();
    return (d !== undefined && d.ticks >= priceTicks) || (u !== undefined && u.ticks <= priceTicks);
  }

  /** Drops stale triggers everywhere; for when they outnumber the live ones. */
  compact(isLive: (t: Trigger) => boolean): void {
    this.downHeap.filter(isLive);
    this.upHeap.filter(isLive);
  }
}
