import { jetstream, JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { CounterBuckets, CounterKv } from './shared-rate-store';

/**
 * The longest a KV call may take, in ms. A counter is one read and one write on the local NATS
 * (well under a millisecond); past this the request is refused as busy rather than kept waiting.
 */
export const KV_TIMEOUT_MS = 2_000;
/** The shortest `max_age` a bucket gets, in ms (JetStream refuses very short ones). */
const MIN_MAX_AGE_MS = 1_000;

/**
 * The bucket of windows `windowMs` long. One bucket per window length, with that length as its
 * `max_age`, so a counter is gone soon after its window ended (a one-minute login counter is not kept
 * for the hour a per-IP code budget needs), and a changed window in the settings gets a bucket of its
 * own instead of an existing bucket with a shorter `max_age` (which `Kvm.create` would not change).
 */
export function bucketName(windowMs: number): string {
  return `ex-rate-${windowMs}`;
}

/** A conditional write that lost: another process wrote the key since it was read. */
function lostRace(err: unknown): boolean {
  return (
    err instanceof JetStreamApiError &&
    (err.code === JetStreamApiCodes.StreamWrongLastSequence ||
      err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}

/**
 * The counters of bucket `kv`. A failure other than a lost race calls `broken`: the bucket may be
 * gone (a NATS that lost its store), and the next request opens it again, creating it if need be.
 */
function countersOf(kv: KV, broken: () => void): CounterKv {
  const guard = async <T>(op: () => Promise<T>, onRace: T): Promise<T> => {
    try {
      return await op();
    } catch (err) {
      if (lostRace(err)) return onRace;
      broken();
      throw err;
    }
  };
  return {
    get: (key) =>
      guard(async () => {
        const e = await kv.get(key);
        // A delete marker (nothing here deletes, but an operator might) counts as no entry.
        return e && e.operation === 'PUT' ? { value: e.string(), revision: e.revision } : null;
      }, null),
    create: (key, value) => guard(() => kv.create(key, value).then(() => true), false),
    update: (key, value, revision) =>
      guard(() => kv.update(key, value, revision, KV_TIMEOUT_MS).then(() => true), false),
  };
}

/**
 * The rate-limit counters of a cluster in JetStream KV on `nc` (file storage, so they survive a
 * restart of NATS as well as of any edge). Buckets are created on first use (by whichever process
 * comes first; the others bind to it). While `connected()` is false every call fails at once.
 */
export function natsCounters(nc: NatsConnection, connected: () => boolean): CounterBuckets {
  const kvm = new Kvm(jetstream(nc, { timeout: KV_TIMEOUT_MS }));
  const opened = new Map<number, Promise<CounterKv>>();
  return (windowMs) => {
    if (!connected()) return Promise.reject(new Error('the bus is disconnected'));
    const known = opened.get(windowMs);
    if (known) return known;
    const forget = () => {
      if (opened.get(windowMs) === counters) opened.delete(windowMs);
    };
    const counters = kvm
      .create(bucketName(windowMs), {
        history: 1,
        ttl: Math.max(windowMs, MIN_MAX_AGE_MS),
        description: `rate-limit counters of ${windowMs} ms windows`,
      })
      // Two processes creating the bucket at once: the one that loses the race ("subjects overlap
      // with an existing stream") binds to the bucket the other made.
      .catch(() => kvm.open(bucketName(windowMs)))
      .then((kv) => countersOf(kv, forget));
    opened.set(windowMs, counters);
    // A bucket that failed to open is tried again by the next request, not remembered.
    counters.catch(forget);
    return counters;
  };
}
