// Drives a worker OrderBook from a TrueBook stream with injected network faults, and counts the
// snapshot fetches it makes. The fake REST snapshot is the true book at the server's current seq.
import type { DepthDiff, DepthMessage, DepthSnapshot } from '../../../../domain';
import { OrderBook, type ResyncReason } from '../../../../worker/market/order-book';
import type { Timers } from '../../../../worker/timers';
import { SYMBOL, TrueBook } from './depth-stream';

/** A network fault. `duplicate` is harmless by contract; every other kind needs one resync. */
export type Fault = 'drop' | 'duplicate' | 'reorder' | 'stale' | 'corrupt' | 'tamper';
export const FAULTS: readonly Fault[] = ['drop', 'duplicate', 'reorder', 'stale', 'corrupt', 'tamper'];

/** Timers that never fire unless the test runs them. */
export function manualTimers(): Timers & { run(): void; pending(): number } {
  const due = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn) => {
      due.set(next, fn);
      return next++;
    },
    clearTimeout: (h) => void due.delete(h as number),
    setInterval: () => 0,
    clearInterval: () => undefined,
    now: () => 0,
    run() {
      const fns = [...due.values()];
      due.clear();
      fns.forEach((f) => f());
    },
    pending: () => due.size,
  };
}

/** Lets pending promise callbacks (the fake fetch) run. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class BookHarness {
  readonly truth: TrueBook;
  readonly timers = manualTimers();
  readonly book: OrderBook;
  /** Seq of each snapshot the book fetched, in order. */
  readonly fetched: number[] = [];
  readonly reasons: ResyncReason[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Diffs the book received, for duplicates. */
  readonly delivered: DepthDiff[] = [];
  /** When set, fetches wait for `release()` instead of answering at once. */
  hold = false;
  #held: (() => void)[] = [];

  constructor(seed: number, options: { levels?: number; changes?: [number, number] } = {}) {
    this.truth = new TrueBook(seed, options);
    this.book = new OrderBook({
      symbol: SYMBOL,
      timers: this.timers,
      onResync: (r) => this.reasons.push(r),
      fetchSnapshot: () => this.#fetch(),
    });
  }

  #fetch(): Promise<DepthSnapshot> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise((resolve) => {
      const answer = () => {
        // The REST snapshot is the server's book when the request is served.
        const snap = this.truth.snapshotAt(this.truth.seq);
        this.fetched.push(snap.seq);
        this.inFlight--;
        resolve(structuredClone(snap));
      };
      if (this.hold) this.#held.push(answer);
      else answer();
    });
  }

  /** Answers held fetches now. */
  release(): void {
    const held = this.#held.splice(0);
    held.forEach((a) => a());
  }

  send(msg: DepthMessage): void {
    if (msg.type === 'diff') this.delivered.push(msg);
    this.book.handle(structuredClone(msg));
  }

  /** Starts the book from the true snapshot, as the channel does on subscription. */
  start(): this {
    this.send(this.truth.snapshotAt(this.truth.seq));
    return this;
  }

  /** The server makes `n` changes and the book receives them all. */
  clean(n: number): void {
    for (let i = 0; i < n; i++) this.send(this.truth.step());
  }

  /**
   * Injects one fault. Returns false when the fault does not apply yet (a stale snapshot needs the
   * book past seq 0, a duplicate needs something delivered).
   */
  inject(fault: Fault, pick = 0): boolean {
    switch (fault) {
      case 'drop':
        this.truth.step();
        return true;
      case 'duplicate': {
        if (this.delivered.length === 0) return false;
        this.send(this.delivered[pick % this.delivered.length]!);
        return true;
      }
      case 'reorder': {
        const a = this.truth.step();
        const b = this.truth.step();
        this.send(b);
        this.send(a);
        return true;
      }
      case 'stale': {
        const at = this.book.seq;
        if (at === null || at === 0) return false;
        this.send(this.truth.snapshotAt(at - 1 - (pick % at)));
        return true;
      }
      case 'corrupt': {
        const d = this.truth.step();
        this.send({ ...d, checksum: d.checksum ^ 0x5a5a });
        return true;
      }
      case 'tamper': {
        // Right checksum, wrong content: the best bid with a quantity the server never sent.
        const d = this.truth.step();
        const [p, q] = this.truth.levels().bids[0]!;
        this.send({ ...d, bids: [...d.bids, [p, q === '1.000' ? '2.000' : '1.000']] });
        return true;
      }
    }
  }

  /** True when the local book equals the true book, level by level. */
  matches(): boolean {
    const t = this.truth.levels();
    return (
      JSON.stringify([this.book.bids(), this.book.asks()]) === JSON.stringify([t.bids, t.asks]) &&
      this.book.seq === this.truth.seq &&
      this.book.status === 'live'
    );
  }
}
