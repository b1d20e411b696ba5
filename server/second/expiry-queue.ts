/** An open option as the expiry queue holds it. */
export interface Expiring {
  id: number;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * Open options ordered by (expiry, id): a binary min-heap, so the timer only ever looks at the
 * earliest expiry and settling k of n options costs O(k log n) rather than a scan.
 */
export class ExpiryQueue<T extends Expiring> {
  private readonly heap: T[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(item: T): void {
    const h = this.heap;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  peek(): T | undefined {
    return this.heap[0];
  }

  pop(): T | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l]!, h[m]!)) m = l;
        if (r < h.length && before(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }

  /** Removes and returns, in (expiry, id) order, every item expiring strictly before `now`. */
  takeDue(now: number): T[] {
    const out: T[] = [];
    while (this.heap.length > 0 && this.heap[0]!.expiresAt < now) out.push(this.pop()!);
    return out;
  }
}

const before = (a: Expiring, b: Expiring) =>
  a.expiresAt < b.expiresAt || (a.expiresAt === b.expiresAt && a.id < b.id);
