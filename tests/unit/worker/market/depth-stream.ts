// A reference "server" for order book tests: a true book kept as plain maps keyed by integer cents
// (independent of the worker's keying), random changes turned into sequenced diffs with the real
// depthChecksum, and the true snapshot at every sequence number.
import {
  depthChecksum,
  seededRandom,
  type DepthDiff,
  type DepthLevel,
  type DepthSnapshot,
} from '../../../../domain';

export const SYMBOL = 'BTC/USDT';

/** Cents as a canonical 2-decimal price string, built from digits (no float formatting). */
export const price = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** Thousandths as a canonical 3-decimal quantity string. */
export const qty = (milli: number): string =>
  `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;

function sorted(side: Map<number, number>, descending: boolean): DepthLevel[] {
  return [...side.entries()]
    .sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]))
    .map(([c, m]) => [price(c), qty(m)]);
}

/** The true book and its history. `diffs[i]` brings the book from seq i to i + 1. */
export class TrueBook {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();
  seq = 0;
  readonly diffs: DepthDiff[] = [];
  readonly #snapshots: DepthSnapshot[] = [];
  readonly #rand: () => number;
  /** Levels changed per diff: [min, max]. */
  readonly #changes: [number, number];

  constructor(seed: number, options: { levels?: number; changes?: [number, number] } = {}) {
    this.#rand = seededRandom(seed);
    this.#changes = options.changes ?? [1, 6];
    const levels = options.levels ?? 30;
    // Bids below 100.00, asks from 100.00 up, so the book never crosses.
    for (let i = 0; i < levels; i++) {
      this.bids.set(9999 - i * 3, this.#qty());
      this.asks.set(10000 + i * 3, this.#qty());
    }
    this.#snapshots.push(this.#snapshotNow());
  }

  #int(n: number): number {
    return Math.floor(this.#rand() * n);
  }
  #qty(): number {
    return 1 + this.#int(50_000);
  }

  levels(): { bids: DepthLevel[]; asks: DepthLevel[] } {
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }

  #snapshotNow(): DepthSnapshot {
    const { bids, asks } = this.levels();
    return {
      type: 'snapshot',
      symbol: SYMBOL,
      seq: this.seq,
      bids,
      asks,
      checksum: depthChecksum(bids, asks),
    };
  }

  /** The true snapshot at `seq` (0 … current). */
  snapshotAt(seq: number): DepthSnapshot {
    const s = this.#snapshots[seq];
    if (!s) throw new Error(`no snapshot at ${seq}`);
    return s;
  }

  /** Makes random changes near the top of the book and returns the diff that describes them. */
  step(): DepthDiff {
    const [lo, hi] = this.#changes;
    const count = lo + this.#int(hi - lo + 1);
    const changed = { bids: new Map<number, number>(), asks: new Map<number, number>() };
    for (let i = 0; i < count; i++) {
      const isBid = this.#rand() < 0.5;
      const side = isBid ? this.bids : this.asks;
      // Within 120 cents of the touch, where levels come and go and the checksum window sits.
      const cents = isBid ? 9999 - this.#int(120) : 10000 + this.#int(120);
      const remove = side.has(cents) && this.#rand() < 0.35;
      const next = remove ? 0 : this.#qty();
      if (next === 0) side.delete(cents);
      else side.set(cents, next);
      (isBid ? changed.bids : changed.asks).set(cents, next);
    }
    const toLevels = (m: Map<number, number>): DepthLevel[] =>
      [...m.entries()].map(([c, q]) => [price(c), q === 0 ? '0' : qty(q)]);
    const { bids, asks } = this.levels();
    const diff: DepthDiff = {
      type: 'diff',
      symbol: SYMBOL,
      seq: this.seq + 1,
      prevSeq: this.seq,
      bids: toLevels(changed.bids),
      asks: toLevels(changed.asks),
      checksum: depthChecksum(bids, asks),
    };
    this.seq += 1;
    this.diffs.push(diff);
    this.#snapshots.push(this.#snapshotNow());
    return diff;
  }
}
