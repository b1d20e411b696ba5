/**
 * The book the fan-out bench's core publishes (bench/fanout.bench.ts): a market of 50 levels a side
 * whose diffs change `levels` levels a side each, with real sequence numbers and checksums, so the
 * sampled clients can follow it with the worker's own order book and notice any gap.
 */
import { depthChecksum, seededRandom, type DepthDiff, type DepthLevel, type DepthSnapshot } from '../domain';

/** The bench's market and its depth channel. */
export const BENCH_SYMBOL = 'BENCH-USDT';
export const BENCH_CHANNEL = `depth:${BENCH_SYMBOL}`;

/** A diff with the time it was published (ms since the epoch), for the clients' latency. */
export type TimedDiff = DepthDiff & { ts: number };

const LEVELS = 50;
const MID = 3_000_000; // in ticks of 0.01

export class BenchBook {
  readonly #bids = new Map<number, string>();
  readonly #asks = new Map<number, string>();
  readonly #random = seededRandom(27);
  #seq = 1;

  /** @param levels levels changed per side in each diff (3: a few hundred bytes; 40: about 2 KiB). */
  constructor(private readonly levels: number) {
    for (let i = 1; i <= LEVELS; i++) {
      this.#bids.set(MID - i, this.#qty());
      this.#asks.set(MID + i, this.#qty());
    }
  }

  snapshot(): DepthSnapshot {
    const bids = this.#side(this.#bids, true);
    const asks = this.#side(this.#asks, false);
    return {
      type: 'snapshot',
      symbol: BENCH_SYMBOL,
      seq: this.#seq,
      bids,
      asks,
      checksum: depthChecksum(bids, asks),
    };
  }

  /** The next diff: `levels` levels a side set to a new quantity or removed (and put back later). */
  diff(): TimedDiff {
    const bids = this.#change(this.#bids, -1);
    const asks = this.#change(this.#asks, 1);
    const prevSeq = this.#seq++;
    return {
      type: 'diff',
      symbol: BENCH_SYMBOL,
      seq: this.#seq,
      prevSeq,
      bids,
      asks,
      checksum: depthChecksum(this.#side(this.#bids, true), this.#side(this.#asks, false)),
      ts: Date.now(),
    };
  }

  #qty(): string {
    return (0.001 + this.#random() * 5).toFixed(4);
  }

  #change(side: Map<number, string>, dir: 1 | -1): DepthLevel[] {
    const out = new Map<number, string>();
    for (let i = 0; i < this.levels; i++) {
      const tick = MID + dir * (1 + Math.floor(this.#random() * (LEVELS + 10)));
      const qty = side.has(tick) && this.#random() < 0.3 ? '0' : this.#qty();
      if (qty === '0') side.delete(tick);
      else side.set(tick, qty);
      out.set(tick, qty);
    }
    return [...out].map(([tick, qty]) => [(tick / 100).toFixed(2), qty]);
  }

  #side(side: Map<number, string>, bids: boolean): DepthLevel[] {
    return [...side]
      .sort((a, b) => (bids ? b[0] - a[0] : a[0] - b[0]))
      .map(([tick, qty]) => [(tick / 100).toFixed(2), qty]);
  }
}
