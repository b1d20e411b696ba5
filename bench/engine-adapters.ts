import { OrderBook as HftOrderBook, Side as HftSide } from 'hft-limit-order-book';
import { OrderBook, ReferenceEngine } from '../server/market/engine';
import type { EngineListener, MatchingEngine, Side } from '../server/market/engine';
import { OP_CANCEL, OP_LIMIT } from './engine-stream';
import type { EngineStream } from './engine-stream';

/** One engine under test, fed from the shared stream. Each adapter owns its loop (monomorphic calls). */
export interface BenchEngine {
  /** Runs operations [from, to) of the stream. */
  run(from: number, to: number): void;
  /** Σ lots traded by incoming orders so far (a cross-engine sanity check). */
  tradedLots(): number;
  /** Orders resting in the book now. */
  restingOrders(): number;
}

/** A market-data-like consumer that only counts, so listener cost stays in the measurement but is tiny. */
class CountingListener implements EngineListener {
  events = 0;
  accepted(): void {
    this.events++;
  }
  trade(): void {
    this.events++;
  }
  done(): void {
    this.events++;
  }
  level(): void {
    this.events++;
  }
}

const SIDES: readonly Side[] = ['buy', 'sell'];

/** Our `OrderBook` or the naive `ReferenceEngine`, through the `MatchingEngine` interface. */
class OurEngineAdapter implements BenchEngine {
  private traded = 0;
  private readonly engine: MatchingEngine;

  constructor(
    private readonly s: EngineStream,
    make: (listener: EngineListener) => MatchingEngine,
  ) {
    this.engine = make(new CountingListener());
  }

  run(from: number, to: number): void {
    const { s, engine } = this;
    let traded = 0;
    for (let i = from; i < to; i++) {
      const kind = s.kind[i];
      if (kind === OP_CANCEL) {
        engine.cancel(s.orderId[i]);
      } else if (kind === OP_LIMIT) {
        traded += engine.place({
          type: 'limit',
          orderId: s.orderId[i],
          userId: s.userId[i],
          side: SIDES[s.side[i]],
          priceTicks: s.priceTicks[i],
          lots: s.lots[i],
        }).filledLots;
      } else {
        traded += engine.place({
          type: 'market',
          orderId: s.orderId[i],
          userId: s.userId[i],
          side: SIDES[s.side[i]],
          lots: s.lots[i],
        }).filledLots;
      }
    }
    this.traded += traded;
  }

  tradedLots(): number {
    return this.traded;
  }

  restingOrders(): number {
    return this.engine.openOrders().length;
  }

  /** Aggregated depth, to check that two of our engines agree. */
  depth(): string {
    return JSON.stringify(this.engine.snapshot());
  }
}

/**
 * The npm package `hft-limit-order-book` (v7). Its order ids are strings, so they are converted once before
 * timing; it has no self-trade prevention (with 10 000 users self-trades are rare, so traded lots differ
 * only slightly from ours).
 */
class HftAdapter implements BenchEngine {
  private traded = 0;
  private readonly book = new HftOrderBook();
  private readonly sides: readonly HftSide[] = [HftSide.BUY, HftSide.SELL];

  constructor(
    private readonly s: EngineStream,
    private readonly ids: readonly string[],
  ) {}

  run(from: number, to: number): void {
    const { s, ids, book, sides } = this;
    let traded = 0;
    for (let i = from; i < to; i++) {
      const kind = s.kind[i];
      if (kind === OP_CANCEL) {
        book.cancel(ids[i]);
      } else if (kind === OP_LIMIT) {
        const size = s.lots[i];
        const r = book.limit({ id: ids[i], side: sides[s.side[i]], size, price: s.priceTicks[i] });
        traded += size - r.quantityLeft;
      } else {
        const size = s.lots[i];
        traded += size - book.market({ side: sides[s.side[i]], size }).quantityLeft;
      }
    }
    this.traded += traded;
  }

  tradedLots(): number {
    return this.traded;
  }

  restingOrders(): number {
    // Its order map is private in the typings; read it only for this after-timing sanity figure.
    return Object.keys((this.book as unknown as { orders: object }).orders).length;
  }
}

/** Order ids of the stream as strings, for engines keyed by string ids (done before timing). */
export function stringIds(s: EngineStream): string[] {
  return Array.from(s.orderId, (id) => String(id));
}

/** Factories for a fresh engine of each kind. */
export const ADAPTERS = {
  ours: (s: EngineStream) => new OurEngineAdapter(s, (listener) => new OrderBook({ listener })),
  reference: (s: EngineStream) => new OurEngineAdapter(s, (listener) => new ReferenceEngine({ listener })),
  hft: (s: EngineStream, ids: readonly string[]) => new HftAdapter(s, ids),
};
