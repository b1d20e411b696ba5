/**
 * Request budgets counted once for a whole cluster: a `@fastify/rate-limit` store whose counters
 * live in a shared key-value store (NATS JetStream KV: `kv-counters.ts`), so a client that spreads
 * its requests over the edges spends one budget, not one per edge. `ROLE=all` keeps the plugin's
 * memory store.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { WriterUnavailableError } from '../db';

/** A counter as the KV holds it, with the revision a conditional write must name. */
export interface CounterEntry {
  value: string;
  revision: number;
}

/** The KV operations the counters need: JetStream KV in a cluster, a map in unit tests. */
export interface CounterKv {
  /** The key's current entry, or null when it has none (never written, or expired). */
  get(key: string): Promise<CounterEntry | null>;
  /** Writes `value` if `key` has no entry; false when another process created it first. */
  create(key: string, value: string): Promise<boolean>;
  /** Writes `value` if `key` is still at `revision`; false when another process wrote it since. */
  update(key: string, value: string, revision: number): Promise<boolean>;
}

/**
 * The KV holding the counters of windows `windowMs` long (ms). Each holds its entries at least
 * `windowMs` after their last write and may drop them after: a counter outlives its window.
 */
export type CounterBuckets = (windowMs: number) => Promise<CounterKv>;

/**
 * Most reads and conditional writes of one request before it gives up. Each lost race means another
 * request's write went through, and once a budget is spent nobody writes (see `countHit`), so a
 * request loses at most about `max` races in a window; this bounds the pathological case.
 */
export const MAX_TRIES = 50;

/** What `incr` reports to the plugin: hits in the current window, and ms until it ends. */
export interface Count {
  current: number;
  ttl: number;
}

/** `start:count`: the window began at `start` (ms since the epoch) and has seen `count` requests. */
const encode = (start: number, count: number): string => `${start}:${count}`;

function decode(value: string): { start: number; count: number } | null {
  const m = /^(\d+):(\d+)$/.exec(value);
  return m ? { start: Number(m[1]), count: Number(m[2]) } : null;
}

/**
 * Counts one request against `key`: a window of `windowMs` begins at the first request after the
 * last window ended (as the plugin's memory store does), so `retry-after` is the same on every edge.
 * Every change is a create or a write conditional on the revision read, retried when another process
 * wrote first, so concurrent requests through any number of processes are each counted once. A
 * request past `max` is not written: the window already refuses, and a flood of refused requests
 * costs reads only.
 */
export async function countHit(
  kv: CounterKv,
  key: string,
  windowMs: number,
  max: number,
  now: () => number = Date.now,
): Promise<Count> {
  for (let i = 0; i < MAX_TRIES; i++) {
    const entry = await kv.get(key);
    const at = now();
    if (!entry) {
      if (await kv.create(key, encode(at, 1))) return { current: 1, ttl: windowMs };
      continue;
    }
    const held = decode(entry.value);
    if (held && at < held.start + windowMs) {
      const ttl = Math.min(windowMs, held.start + windowMs - at);
      if (held.count > max) return { current: held.count + 1, ttl };
      if (await kv.update(key, encode(held.start, held.count + 1), entry.revision)) {
        return { current: held.count + 1, ttl };
      }
      continue;
    }
    // The window ended (or the value is not ours to read): a new one starts with this request.
    if (await kv.update(key, encode(at, 1), entry.revision)) return { current: 1, ttl: windowMs };
  }
  throw new Error(`rate-limit counter still contended after ${MAX_TRIES} tries`);
}

/**
 * The KV key of a budget key: budget keys hold accounts and IPs (which JetStream should not keep in
 * clear) and characters KV keys do not allow, so the key is their SHA-256.
 */
export function counterKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** How often a failing KV is logged at most, in ms (every refused request would otherwise log). */
const LOG_EVERY_MS = 5_000;

/**
 * The plugin's store class over `buckets` (register it as `store` of `@fastify/rate-limit`). A KV
 * that cannot count (NATS down, JetStream away, a timeout) refuses the request with the writer's
 * "busy, try again" (HTTP 503, localized): letting it through would switch off the login and code
 * budgets against guessing and SMS abuse for as long as the KV is away, which an attacker could wait
 * for; counting in memory instead would multiply them by the number of edges. The refusal costs
 * little: an edge needs the same NATS to forward the request to the core anyway. `onError` hears of
 * the failure (at most once per LOG_EVERY_MS), so it is never silent.
 */
export function sharedRateStore(
  buckets: CounterBuckets,
  onError: (err: Error) => void,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  let loggedAt = -Infinity;
  const failed = (err: unknown): Error => {
    const cause = err instanceof Error ? err : new Error(String(err));
    if (now() - loggedAt >= LOG_EVERY_MS) {
      loggedAt = now();
      onError(cause);
    }
    return new WriterUnavailableError('the shared rate-limit counters are unavailable', { cause });
  };
  class SharedRateStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      timeWindow: number,
      max: number,
    ): void {
      buckets(timeWindow)
        .then((kv) => countHit(kv, counterKey(key), timeWindow, max, now))
        .then(
          (count) => callback(null, count),
          (err: unknown) => callback(failed(err)),
        );
    }

    child(): FastifyRateLimitStore {
      return new SharedRateStore();
    }
  }
  return SharedRateStore;
}
