import type { PlaceResult } from './types';

/** Default number of remembered client order ids per engine. */
export const DEFAULT_IDEMPOTENCY_WINDOW = 100_000;

/**
 * Remembers the result of each request that carried a client order id, keyed by user + client id, so a
 * retried submission gets the original answer instead of a second order. Bounded: the oldest entry is
 * evicted first (a Map iterates in insertion order), because the durable guard is the order service's
 * unique constraint and memory here must not grow with the market's lifetime.
 */
export class IdempotencyCache {
  private readonly entries = new Map<string, PlaceResult>();

  constructor(private readonly window: number = DEFAULT_IDEMPOTENCY_WINDOW) {
    if (!Number.isSafeInteger(window) || window < 0) throw new Error(`invalid idempotency window ${window}`);
  }

  /** The cache key; `:` cannot occur in a decimal user id, so keys of different users never collide. */
  static key(userId: number, clientOrderId: string): string {
    return userId + ':' + clientOrderId;
  }

  /** The original result marked as a replay, or undefined when the key is unknown (or evicted). */
  replay(key: string): PlaceResult | undefined {
    const original = this.entries.get(key);
    return original === undefined ? undefined : { ...original, replayed: true };
  }

  remember(key: string, result: PlaceResult): void {
    if (this.window === 0) return;
    this.entries.set(key, result);
    if (this.entries.size > this.window) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }
}
