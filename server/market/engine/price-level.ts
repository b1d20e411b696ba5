import type { OpenOrder, Side } from './types';

/**
 * A resting order inside the fast book: a node of its level's intrusive doubly-linked FIFO list, so that
 * a cancel unlinks it in O(1) without searching the queue. Internal; callers get `OpenOrder` copies.
 */
export class RestingOrder {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;

  constructor(
    readonly orderId: number,
    readonly userId: number,
    readonly side: Side,
    /** Limit price in ticks. */
    readonly priceTicks: number,
    /** Remaining lots (decreases as the order is filled). */
    public lots: number,
    /** Time-priority sequence. */
    readonly seq: number,
    readonly clientOrderId: string | undefined,
    readonly level: PriceLevel,
  ) {}

  /** An immutable copy for callers. */
  toOpenOrder(): OpenOrder {
    const o = {
      orderId: this.orderId,
      userId: this.userId,
      side: this.side,
      priceTicks: this.priceTicks,
      lots: this.lots,
      seq: this.seq,
    };
    return this.clientOrderId === undefined ? o : { ...o, clientOrderId: this.clientOrderId };
  }
}

/** All resting orders at one price on one side, in time priority (head = oldest = next to trade). */
export class PriceLevel {
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  /** Σ lots of the orders in the queue. */
  totalLots = 0;

  constructor(
    /** Price of the level in ticks. */
    readonly priceTicks: number,
  ) {}

  append(order: RestingOrder): void {
    order.prev = this.tail;
    order.next = null;
    if (this.tail === null) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.totalLots += order.lots;
  }

  /** Unlinks `order` and subtracts its remaining lots from the level total. */
  remove(order: RestingOrder): void {
    if (order.prev === null) this.head = order.next;
    else order.prev.next = order.next;
    if (order.next === null) this.tail = order.prev;
    else order.next.prev = order.prev;
    order.prev = null;
    order.next = null;
    this.totalLots -= order.lots;
  }

  isEmpty(): boolean {
    return this.head === null;
  }
}
