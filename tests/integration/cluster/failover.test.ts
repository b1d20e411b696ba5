// Kill -9 of the active core under load, with a standby core waiting on the lead: the edge refuses
// commands with "busy, try again" within a second and never hangs, reads go on, the standby takes
// over within 5 s, and afterwards every acknowledged order is in the database exactly once (the
// client order id is the idempotency key), none applied twice, the ledger's invariants hold.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/mine';
import { DEMO_PASSWORD } from '../../../server/sim/demo-seed';
import { loginByApi } from '../../support/accounts';
import { callApi } from '../../support/api';
import { startNats, type TestNats } from '../../support/nats';
import {
  removeTestData,
  startTestServer,
  testDatabaseFor,
  TEST_ENGINE,
  type TestServer,
} from '../../support/server';
import { expectEachOnce, restingOrder } from '../../support/order-stream';
import { isData, openSocket } from '../../support/socket-watch';
import { spawnServer, type ChildServer } from '../../support/spawn-server';

const order = (i: number) => restingOrder('failover', i);

describe(`kill -9 of the active core (${TEST_ENGINE})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'failover-test-'));
  let nats: TestNats | undefined;
  let edge: TestServer | undefined;
  const cores: ChildServer[] = [];

  afterAll(async () => {
    await edge?.stop();
    for (const c of cores) {
      c.child.kill('SIGKILL');
      await c.exited;
    }
    await nats?.close();
    await removeTestData(dir);
  });

  it(
    'fails commands fast, keeps reads, and the standby takes over with nothing lost or doubled',
    { timeout: 180_000 },
    async () => {
      const databaseUrl = await testDatabaseFor(dir);
      nats = await startNats();
      const coreConfig = {
        role: 'core' as const,
        natsUrl: nats.url,
        dataDir: dir,
        ...(databaseUrl && { databaseUrl }),
      };
      const active = spawnServer(coreConfig);
      cores.push(active);
      await active.url;
      const standby = spawnServer(coreConfig);
      cores.push(standby);
      // A standby waits long before it is needed: the takeover is timed from a core already waiting
      // (its own start, under the suite's load, took seconds and was counted in the takeover before).
      await standby.standingBy;
      edge = await startTestServer({
        role: 'edge',
        natsUrl: nats.url,
        dataDir: dir,
        simMarket: false,
        simChain: false,
      });
      const origin = edge.origin;
      const { token } = await loginByApi(origin, DEMO_ACCOUNT, DEMO_PASSWORD);
      // A socket open on the edge across the failover: it stays open and hears the book again.
      const ch = 'depth:BTC/USDT';
      const watcher = await openSocket(origin);
      watcher.send({ op: 'sub', ch });
      await watcher.next(isData(ch));

      const acked = new Map<string, number>();
      /** Latency of each refusal (ms) and when the first order after the kill was acknowledged. */
      const refusals: number[] = [];
      let killedAt = 0;
      let backAt = 0;
      const place = async (i: number) => {
        const req = order(i);
        const sent = Date.now();
        const reply = await callApi(origin, 'trade/place', req, { token });
        const data = reply.body?.data as { id?: number } | undefined;
        if (reply.status === 200 && data?.id) {
          acked.set(req.clientOrderId, data.id);
          if (killedAt && !backAt && sent > killedAt) backAt = Date.now();
        } else {
          expect(reply.status).toBe(503);
          refusals.push(Date.now() - sent);
        }
      };
      let next = 0;
      const wave = (n: number) => Promise.all(Array.from({ length: n }, () => place(next++)));
      for (let w = 0; w < 5; w++) await wave(20);
      // In the middle of a wave: some orders are in the core's batch, some on the bus.
      const inFlight = wave(20);
      await new Promise((r) => setTimeout(r, 3));
      active.child.kill('SIGKILL');
      killedAt = Date.now();
      await inFlight;
      // Reads are the edge's own: they answer while no core does.
      const read = await callApi(origin, 'trade/orders', {}, { token });
      expect(read.status).toBe(200);
      while (!backAt && Date.now() - killedAt < 20_000) {
        await wave(5);
        await new Promise((r) => setTimeout(r, 50));
      }
      await standby.url;
      const takeover = backAt - killedAt;
      console.log(
        `failover: ${refusals.length} refusals, slowest ${Math.max(0, ...refusals)} ms; standby answered ${takeover} ms after the kill`,
      );
      expect(refusals.length).toBeGreaterThan(0);
      expect(Math.max(...refusals)).toBeLessThan(1_000);
      expect(backAt).toBeGreaterThan(0);
      expect(takeover).toBeLessThan(5_000);
      const heard = watcher.messages.length;
      await place(next++);
      await watcher.next((m) => isData(ch)(m) && watcher.messages.indexOf(m) >= heard, 5_000);
      watcher.close();

      // A client sends again what was not acknowledged (same client order ids) and what was.
      for (let i = 0; i < next; i++) await place(i);
      await expectEachOnce(dir, 'failover', acked, next);
    },
  );
});
