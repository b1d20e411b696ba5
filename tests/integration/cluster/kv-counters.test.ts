import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName, natsCounters } from '../../../server/cluster/kv-counters';
import { countHit } from '../../../server/cluster/shared-rate-store';
import { startNats, type TestNats } from '../../support/nats';

let nats: TestNats;
let conns: NatsConnection[];

beforeAll(async () => {
  nats = await startNats();
  // Two connections stand for two processes of a cluster.
  conns = await Promise.all([connect({ servers: nats.url }), connect({ servers: nats.url })]);
}, 30_000);
afterAll(async () => {
  for (const nc of conns ?? []) await nc.close();
  await nats?.close();
});

const up = () => true;

describe('rate-limit counters in JetStream KV', () => {
  it('counts concurrent hits from two connections exactly once each', async () => {
    const window = 60_000;
    const [a, b] = await Promise.all(conns.map((nc) => natsCounters(nc, up)(window)));
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => countHit(i % 2 ? a! : b!, 'same-key', window, 1_000)),
    );
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it("keeps each window length in a bucket whose max_age is that window's", async () => {
    const jsm = await jetstreamManager(conns[0]!);
    for (const window of [90_000, 3_600_000]) {
      await countHit(await natsCounters(conns[0]!, up)(window), 'k', window, 10);
      const info = await jsm.streams.info(`KV_${bucketName(window)}`);
      expect(info.config.max_age).toBe(window * 1_000_000);
      expect(info.config.max_msgs_per_subject).toBe(1);
    }
  });

  it('opens a bucket again after it was lost, and fails at once while disconnected', async () => {
    const window = 120_000;
    const buckets = natsCounters(conns[0]!, up);
    expect((await countHit(await buckets(window), 'k', window, 10)).current).toBe(1);
    const jsm = await jetstreamManager(conns[1]!);
    await jsm.streams.delete(`KV_${bucketName(window)}`);
    await expect(countHit(await buckets(window), 'k', window, 10)).rejects.toThrow();
    expect((await countHit(await buckets(window), 'k', window, 10)).current).toBe(1);
    await expect(natsCounters(conns[0]!, () => false)(window)).rejects.toThrow('disconnected');
  });
});
