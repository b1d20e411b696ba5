import { seededRandom } from '../domain';
import { OrderBook } from '../server/market/engine';
import type { DoneEvent, EngineListener } from '../server/market/engine';

/**
 * A reproducible order stream for the matching-engine benchmark, stored column-wise in typed arrays so
 * that reading it costs every engine the same and allocates nothing while the clock runs.
 */

/** Operation codes of `EngineStream.kind`. */
export const OP_LIMIT = 0;
export const OP_CANCEL = 1;
export const OP_MARKET = 2;

/** The generated stream. Row i is one operation; unused columns of a row are 0. */
export interface EngineStream {
  readonly length: number;
  /** OP_LIMIT | OP_CANCEL | OP_MARKET. */
  readonly kind: Uint8Array;
  /** 0 = buy, 1 = sell. */
  readonly side: Uint8Array;
  /** Order id of a place, or the id to cancel (may be filled or cancelled already: a no-op cancel). */
  readonly orderId: Int32Array;
  readonly userId: Int32Array;
  /** Limit price in ticks (limit orders only). */
  readonly priceTicks: Int32Array;
  /** Quantity in lots (limit and market orders). */
  readonly lots: Int32Array;
}

/** Mix and shape of the stream. */
export interface StreamShape {
  /** Number of operations. */
  readonly ops: number;
  /** PRNG seed (any 32-bit integer). */
  readonly seed: number;
  /** Share of limit places, cancels and market orders; must sum to 1. */
  readonly mix: { readonly limit: number; readonly cancel: number; readonly market: number };
  /** Number of distinct users (self-trades are possible but rare). */
  readonly users: number;
}

/** The default benchmark stream: 60 % limit near the mid, 30 % cancel, 10 % market. */
export const DEFAULT_SHAPE: StreamShape = {
  ops: 1_000_000,
  seed: 20_240_601,
  mix: { limit: 0.6, cancel: 0.3, market: 0.1 },
  users: 10_000,
};

/** The ids of resting orders of a shadow book, with O(1) add, remove and uniform pick. */
class LiveOrders implements EngineListener {
  private readonly ids: number[] = [];
  private readonly index = new Map<number, number>();

  add(id: number): void {
    this.index.set(id, this.ids.length);
    this.ids.push(id);
  }
  remove(id: number): void {
    const i = this.index.get(id);
    if (i === undefined) return;
    const last = this.ids.pop()!;
    if (last !== id) {
      this.ids[i] = last;
      this.index.set(last, i);
    }
    this.index.delete(id);
  }
  pick(u: number): number | undefined {
    return this.ids.length === 0 ? undefined : this.ids[Math.floor(u * this.ids.length)];
  }
  accepted(): void {}
  trade(): void {}
  level(): void {}
  done(e: DoneEvent): void {
    this.remove(e.orderId);
  }
}

/**
 * Builds the stream. Limit prices sit 0–24 ticks behind a mid that random-walks, with 10 % placed 1–3
 * ticks through it (marketable, so limits trade too). A cancel targets a uniformly chosen order that is
 * resting at that point: a shadow `OrderBook` tracks which orders rest, because uniform picks among all
 * ids ever placed would mostly hit dead orders and let the book grow without bound. (In an engine whose
 * matching differs slightly, e.g. one without self-trade prevention, a target may already be gone: a
 * no-op cancel.) Market orders are sized in lots, the common denominator of the three engines. With this
 * mix the book stays stationary at about 1 000–1 700 resting orders over 25–55 levels per side.
 */
export function generateStream(shape: StreamShape = DEFAULT_SHAPE): EngineStream {
  const n = shape.ops;
  const rnd = seededRandom(shape.seed);
  const s = {
    length: n,
    kind: new Uint8Array(n),
    side: new Uint8Array(n),
    orderId: new Int32Array(n),
    userId: new Int32Array(n),
    priceTicks: new Int32Array(n),
    lots: new Int32Array(n),
  };
  const live = new LiveOrders();
  const shadow = new OrderBook({ listener: live, idempotencyWindow: 0 });
  let mid = 100_000;
  let nextId = 1;
  for (let i = 0; i < n; i++) {
    if (rnd() < 0.05) mid += rnd() < 0.5 ? -1 : 1;
    const r = rnd();
    const side = rnd() < 0.5 ? 0 : 1;
    const target = live.pick(rnd());
    s.side[i] = side;
    s.userId[i] = 1 + Math.floor(rnd() * shape.users);
    if (r < shape.mix.limit) {
      const id = nextId++;
      const offset = rnd() < 0.9 ? Math.floor(rnd() * 25) : -1 - Math.floor(rnd() * 3);
      s.kind[i] = OP_LIMIT;
      s.orderId[i] = id;
      s.priceTicks[i] = side === 0 ? mid - offset : mid + offset;
      s.lots[i] = 1 + Math.floor(rnd() * 100);
      const placed = shadow.place({
        type: 'limit',
        orderId: id,
        userId: s.userId[i],
        side: side === 0 ? 'buy' : 'sell',
        priceTicks: s.priceTicks[i],
        lots: s.lots[i],
      });
      if (placed.status === 'resting') live.add(id);
    } else if (r < shape.mix.limit + shape.mix.cancel) {
      s.kind[i] = OP_CANCEL;
      s.orderId[i] = target ?? nextId; // an empty book: cancel an id that does not exist
      if (target !== undefined) shadow.cancel(target);
    } else {
      s.kind[i] = OP_MARKET;
      s.orderId[i] = nextId++;
      s.lots[i] = 1 + Math.floor(rnd() * 200);
      shadow.place({
        type: 'market',
        orderId: s.orderId[i],
        userId: s.userId[i],
        side: side === 0 ? 'buy' : 'sell',
        lots: s.lots[i],
      });
    }
  }
  return s;
}
