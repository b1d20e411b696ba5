import { describe, expect, it } from 'vitest';
import { WriterUnavailableError } from '../../../server/db';
import {
  MAX_TRIES,
  countHit,
  counterKey,
  sharedRateStore,
  type Count,
  type CounterKv,
} from '../../../server/cluster/shared-rate-store';

/**
 * A KV with JetStream's semantics in memory: revisions grow per write, a create fails on a live key,
 * an update fails unless the revision is the key's current one; entries expire `maxAgeMs` after
 * their last write. Every call yields to the event loop first, so concurrent callers interleave
 * between a read and their conditional write, as they would across processes.
 */
class FakeKv implements CounterKv {
  readonly entries = new Map<string, { value: string; revision: number; writtenAt: number }>();
  revision = 0;
  writes = 0;
  lostRaces = 0;
  constructor(
    readonly clock: { now: number },
    readonly maxAgeMs: number,
  ) {}

  #live(key: string) {
    const e = this.entries.get(key);
    if (e && this.clock.now - e.writtenAt >= this.maxAgeMs) this.entries.delete(key);
    return this.entries.get(key);
  }

  async get(key: string) {
    await Promise.resolve();
    const e = this.#live(key);
    return e ? { value: e.value, revision: e.revision } : null;
  }

  async create(key: string, value: string) {
    await Promise.resolve();
    if (this.#live(key)) {
      this.lostRaces++;
      return false;
    }
    this.#write(key, value);
    return true;
  }

  async update(key: string, value: string, revision: number) {
    await Promise.resolve();
    if (this.#live(key)?.revision !== revision) {
      this.lostRaces++;
      return false;
    }
    this.#write(key, value);
    return true;
  }

  #write(key: string, value: string) {
    this.writes++;
    this.entries.set(key, { value, revision: ++this.revision, writtenAt: this.clock.now });
  }
}

const WINDOW = 60_000;

function setup(maxAgeMs = WINDOW) {
  const clock = { now: 1_000_000 };
  const kv = new FakeKv(clock, maxAgeMs);
  const hit = (key = 'k', max = 3) => countHit(kv, key, WINDOW, max, () => clock.now);
  return { clock, kv, hit };
}

describe('countHit: shared fixed windows', () => {
  it('counts up within a window and reports the time left of it', async () => {
    const { clock, hit } = setup();
    expect(await hit()).toEqual({ current: 1, ttl: WINDOW });
    clock.now += 20_000;
    expect(await hit()).toEqual({ current: 2, ttl: 40_000 });
    clock.now += 10_000;
    expect(await hit()).toEqual({ current: 3, ttl: 30_000 });
    expect(await hit()).toEqual({ current: 4, ttl: 30_000 });
  });

  it('starts a new window with the first request after the last one ended', async () => {
    // A KV that keeps entries longer than the window: the value's own start decides.
    const { clock, hit } = setup(10 * WINDOW);
    await hit();
    await hit();
    clock.now += WINDOW - 1;
    expect((await hit()).current).toBe(3);
    clock.now += 1;
    expect(await hit()).toEqual({ current: 1, ttl: WINDOW });
    clock.now += 5_000;
    expect(await hit()).toEqual({ current: 2, ttl: WINDOW - 5_000 });
  });

  it('counts afresh once the KV expired the entry', async () => {
    const { clock, kv, hit } = setup(WINDOW);
    await hit();
    clock.now += WINDOW;
    expect(kv.entries.size).toBe(1);
    expect(await hit()).toEqual({ current: 1, ttl: WINDOW });
  });

  it('keeps budgets of different keys apart', async () => {
    const { hit } = setup();
    await hit('a');
    await hit('a');
    expect((await hit('b')).current).toBe(1);
    expect((await hit('a')).current).toBe(3);
  });

  it('writes nothing for requests past the budget', async () => {
    const { kv, hit } = setup();
    for (let i = 0; i < 4; i++) await hit('k', 3);
    const writes = kv.writes;
    const refused = await hit('k', 3);
    expect(refused.current).toBeGreaterThan(3);
    expect(kv.writes).toBe(writes);
  });

  it('counts every one of many concurrent requests exactly once', async () => {
    const { kv, hit } = setup();
    const max = 10;
    const counts = await Promise.all(Array.from({ length: 25 }, () => hit('k', max)));
    expect(kv.lostRaces).toBeGreaterThan(0);
    const allowed = counts.filter((c) => c.current <= max).map((c) => c.current);
    expect(allowed.sort((x, y) => x - y)).toEqual(Array.from({ length: max }, (_, i) => i + 1));
    expect(counts.filter((c) => c.current > max)).toHaveLength(15);
  });

  it('gives up after MAX_TRIES lost races', async () => {
    const { clock, kv } = setup();
    const always: CounterKv = {
      get: (key) => kv.get(key),
      create: async () => false,
      update: async () => false,
    };
    await expect(countHit(always, 'k', WINDOW, 3, () => clock.now)).rejects.toThrow(`${MAX_TRIES} tries`);
  });
});

describe('sharedRateStore: the @fastify/rate-limit store', () => {
  const incr = (store: ReturnType<typeof make>, key: string, max = 2) =>
    new Promise<Count>((resolve, reject) =>
      store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), WINDOW, max),
    );
  function make(buckets: Parameters<typeof sharedRateStore>[0], onError: (e: Error) => void = () => {}) {
    const Store = sharedRateStore(buckets, onError);
    return new Store({}).child({} as never);
  }

  it("counts in the bucket of the request's window under the key's digest", async () => {
    const { kv } = setup();
    const asked: number[] = [];
    const store = make(async (w) => {
      asked.push(w);
      return kv;
    });
    expect(await incr(store, 'user/login#0:alice@example.com')).toEqual({ current: 1, ttl: WINDOW });
    expect((await incr(store, 'user/login#0:alice@example.com')).current).toBe(2);
    expect(asked).toEqual([WINDOW, WINDOW]);
    expect([...kv.entries.keys()]).toEqual([counterKey('user/login#0:alice@example.com')]);
    expect(counterKey('x')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses as busy (never allows) and reports it when the KV fails', async () => {
    const errors: Error[] = [];
    const store = make(
      async () => ({
        get: () => Promise.reject(new Error('timeout')),
        create: async () => true,
        update: async () => true,
      }),
      (e) => errors.push(e),
    );
    await expect(incr(store, 'k')).rejects.toBeInstanceOf(WriterUnavailableError);
    await expect(incr(store, 'k')).rejects.toBeInstanceOf(WriterUnavailableError);
    // Reported, but not once per request.
    expect(errors.map((e) => e.message)).toEqual(['timeout']);
  });

  it('refuses as busy when the bucket cannot be opened', async () => {
    const store = make(() => Promise.reject(new Error('the bus is disconnected')));
    await expect(incr(store, 'k')).rejects.toBeInstanceOf(WriterUnavailableError);
  });
});
