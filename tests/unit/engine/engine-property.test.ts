import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook, ReferenceEngine } from '../../../server/market/engine';
import type { EngineOptions, MatchingEngine, OrderRequest, Side } from '../../../server/market/engine';
import { RecordingListener } from './engine-harness';

/** One step of a random order stream. `pick` chooses among the ids issued so far (negative: unknown id). */
type Op =
  | { kind: 'limit'; userId: number; side: Side; priceTicks: number; lots: number; cid: string | undefined }
  | {
      kind: 'market';
      userId: number;
      side: Side;
      lots: number | undefined;
      quoteBudget: number | undefined;
      cid: string | undefined;
    }
  | { kind: 'cancel'; pick: number };

// Few users and few prices so that self-trades, multi-level sweeps and client id reuse happen often.
const user = fc.integer({ min: 1, max: 4 });
const side = fc.constantFrom<Side>('buy', 'sell');
const cid = (withIds: boolean) =>
  withIds ? fc.constantFrom(undefined, undefined, undefined, 'a', 'b', 'c') : fc.constant(undefined);

const opArb = (withIds: boolean): fc.Arbitrary<Op> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('limit' as const),
        userId: user,
        side,
        priceTicks: fc.integer({ min: 95, max: 105 }),
        lots: fc.integer({ min: 1, max: 12 }),
        cid: cid(withIds),
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          kind: fc.constant('market' as const),
          userId: user,
          side,
          lots: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
          quoteBudget: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined }),
          cid: cid(withIds),
        })
        .map((m) => (m.lots === undefined && m.quoteBudget === undefined ? { ...m, lots: 5 } : m)),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('cancel' as const),
        pick: fc.integer({ min: -1, max: 1000 }),
      }),
    },
  );

/** Feeds ops to an engine, handing out increasing order ids; records what each op answered. */
class Driver {
  readonly rec = new RecordingListener();
  readonly engine: MatchingEngine;
  readonly answers: unknown[] = [];
  /** Next order id to hand out; cancels pick among the ids below it. */
  nextId = 1;

  constructor(make: (options: EngineOptions) => MatchingEngine) {
    this.engine = make({ listener: this.rec });
  }

  run(ops: readonly Op[]): void {
    for (const op of ops) this.answers.push(this.step(op));
  }

  private step(op: Op): unknown {
    if (op.kind === 'cancel') {
      const id = op.pick < 0 || this.nextId === 1 ? 1_000_000 : 1 + (op.pick % (this.nextId - 1));
      return this.engine.cancel(id);
    }
    const orderId = this.nextId++;
    const request: OrderRequest =
      op.kind === 'limit'
        ? {
            type: 'limit',
            orderId,
            userId: op.userId,
            side: op.side,
            priceTicks: op.priceTicks,
            lots: op.lots,
          }
        : {
            type: 'market',
            orderId,
            userId: op.userId,
            side: op.side,
            lots: op.lots,
            quoteBudget: op.quoteBudget,
          };
    return this.engine.place(op.cid === undefined ? request : { ...request, clientOrderId: op.cid });
  }
}

const fastEngine = (options: EngineOptions) => new OrderBook(options);
const referenceEngine = (options: EngineOptions) => new ReferenceEngine(options);

/** The book must never be crossed, and replaying the level events must rebuild the depth exactly. */
function checkInvariants(d: Driver): void {
  const { bids, asks } = d.engine.snapshot();
  if (bids.length > 0 && asks.length > 0) expect(bids[0][0]).toBeLessThan(asks[0][0]);
  const replayed = { buy: new Map<number, number>(), sell: new Map<number, number>() };
  for (const [s, p, total] of d.rec.levels) {
    if (total === 0) replayed[s].delete(p);
    else replayed[s].set(p, total);
  }
  const sorted = (m: Map<number, number>, dir: number) => [...m.entries()].sort(([a], [b]) => dir * (a - b));
  expect(sorted(replayed.buy, -1)).toEqual(bids);
  expect(sorted(replayed.sell, 1)).toEqual(asks);
}

/** Everything observable must be identical, except the documented timing of level events. */
function expectSame(fast: Driver, ref: Driver): void {
  expect(fast.answers).toEqual(ref.answers);
  expect(fast.rec.acceptedEvents).toEqual(ref.rec.acceptedEvents);
  expect(fast.rec.trades).toEqual(ref.rec.trades);
  expect(fast.rec.dones).toEqual(ref.rec.dones);
  expect(fast.rec.levels).toEqual(ref.rec.levels);
  expect(fast.rec.sequence.filter((e) => !e.startsWith('level:'))).toEqual(
    ref.rec.sequence.filter((e) => !e.startsWith('level:')),
  );
  expect(fast.engine.openOrders()).toEqual(ref.engine.openOrders());
  expect(fast.engine.snapshot()).toEqual(ref.engine.snapshot());
  expect(fast.engine.bestBid()).toBe(ref.engine.bestBid());
  expect(fast.engine.bestAsk()).toBe(ref.engine.bestAsk());
}

describe('OrderBook against ReferenceEngine on random order streams', () => {
  it('produces the same answers, trades, done events, level changes and books', () => {
    fc.assert(
      fc.property(fc.array(opArb(true), { maxLength: 250 }), (ops) => {
        const fast = new Driver(fastEngine);
        const ref = new Driver(referenceEngine);
        fast.run(ops);
        ref.run(ops);
        expectSame(fast, ref);
        checkInvariants(fast);
        checkInvariants(ref);
      }),
      { numRuns: 400 },
    );
  });

  it('continues identically after a restore from open orders at any point', () => {
    fc.assert(
      fc.property(fc.array(opArb(false), { maxLength: 200 }), fc.nat(), (ops, cutAt) => {
        const cut = ops.length === 0 ? 0 : cutAt % (ops.length + 1);
        const live = new Driver(fastEngine);
        live.run(ops.slice(0, cut));
        const open = live.engine.openOrders();
        const restoredFast = new Driver(fastEngine);
        const restoredRef = new Driver(referenceEngine);
        // Continue the live engine's sequence so seqs in the answers match exactly.
        const nextSeq = Math.max(0, ...live.rec.acceptedEvents.map((e) => e.seq)) + 1;
        restoredFast.engine.restore(open, nextSeq);
        restoredRef.engine.restore(open, nextSeq);
        restoredFast.nextId = restoredRef.nextId = live.nextId;
        live.answers.length = 0;
        live.rec.clear();
        for (const d of [live, restoredFast, restoredRef]) d.run(ops.slice(cut));
        expectSame(restoredFast, live);
        expectSame(restoredRef, live);
      }),
      { numRuns: 300 },
    );
  });
});
