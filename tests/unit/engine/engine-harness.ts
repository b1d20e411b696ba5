import { OrderBook, ReferenceEngine } from '../../../server/market/engine';
import type {
  AcceptedEvent,
  DoneEvent,
  EngineListener,
  EngineOptions,
  MatchingEngine,
  OrderRequest,
  PlaceResult,
  Side,
  TradeEvent,
} from '../../../server/market/engine';

/** A level change as recorded: [side, price in ticks, new total lots]. */
export type LevelChange = [Side, number, number];

/** Collects every event, by kind and (as short tags) in arrival order. */
export class RecordingListener implements EngineListener {
  readonly acceptedEvents: AcceptedEvent[] = [];
  readonly trades: TradeEvent[] = [];
  readonly dones: DoneEvent[] = [];
  readonly levels: LevelChange[] = [];
  /** Arrival order, e.g. `accepted:7`, `trade:3>7`, `done:3:filled`, `level:sell:100:0`. */
  readonly sequence: string[] = [];

  accepted(e: AcceptedEvent): void {
    this.acceptedEvents.push(e);
    this.sequence.push(`accepted:${e.orderId}`);
  }
  trade(e: TradeEvent): void {
    this.trades.push(e);
    this.sequence.push(`trade:${e.makerOrderId}>${e.takerOrderId}`);
  }
  done(e: DoneEvent): void {
    this.dones.push(e);
    this.sequence.push(`done:${e.orderId}:${e.reason}`);
  }
  level(side: Side, priceTicks: number, totalLots: number): void {
    this.levels.push([side, priceTicks, totalLots]);
    this.sequence.push(`level:${side}:${priceTicks}:${totalLots}`);
  }
  /** Forgets everything recorded so far. */
  clear(): void {
    for (const list of [this.acceptedEvents, this.trades, this.dones, this.levels, this.sequence])
      list.length = 0;
  }
}

/** Engine factories for `describe.each`: both engines must satisfy the same contract. */
export const ENGINES: [string, (options?: EngineOptions) => MatchingEngine][] = [
  ['OrderBook', (options) => new OrderBook(options)],
  ['ReferenceEngine', (options) => new ReferenceEngine(options)],
];

/** An engine with a recording listener and small helpers that hand out order ids. */
export class Harness {
  readonly rec = new RecordingListener();
  readonly engine: MatchingEngine;
  private nextId = 1;

  constructor(make: (options?: EngineOptions) => MatchingEngine, options: EngineOptions = {}) {
    this.engine = make({ ...options, listener: this.rec });
  }

  /** Continues handing out order ids from `id` (e.g. after a restore). */
  skipIdsTo(id: number): void {
    this.nextId = id;
  }

  /** Places a limit order with the next order id. */
  limit(userId: number, side: Side, priceTicks: number, lots: number, clientOrderId?: string): PlaceResult {
    return this.place({
      type: 'limit',
      orderId: this.nextId++,
      userId,
      side,
      priceTicks,
      lots,
      clientOrderId,
    });
  }

  /** Places a market order with the next order id. */
  market(userId: number, side: Side, size: { lots?: number; quoteBudget?: number }, clientOrderId?: string) {
    return this.place({ type: 'market', orderId: this.nextId++, userId, side, ...size, clientOrderId });
  }

  place(request: OrderRequest): PlaceResult {
    if (request.orderId >= this.nextId) this.nextId = request.orderId + 1;
    return this.engine.place(request);
  }

  /** Trades as compact tuples [maker, taker, price, lots]. */
  tradeTuples(): [number, number, number, number][] {
    return this.rec.trades.map((t) => [t.makerOrderId, t.takerOrderId, t.priceTicks, t.lots]);
  }
}
