// Kill -9 in the middle of a stream of orders, on the engine of this run (TEST_ENGINE): every order
// that was acknowledged is there after a restart, none is there twice (the client order id is the
// idempotency key, and it survives), and the ledger's invariants hold.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/sim/demo-seed';
import { DEMO_ACCOUNT } from '../../server/mine';
import { loginByApi } from '../support/accounts';
import { callApi } from '../support/api';
import { violations } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { restingOrder } from '../support/order-stream';
import {
  removeTestData,
  startTestServer,
  testDatabaseFor,
  TEST_ENGINE,
  type TestServer,
} from '../support/server';
import { spawnServer } from '../support/spawn-server';

const ORDERS = 600;
const WAVE = 40;

const order = (i: number) => restingOrder('crash', i);

describe(`kill -9 in the middle of a batch (${TEST_ENGINE})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
  let restarted: TestServer | undefined;

  afterAll(async () => {
    await restarted?.stop();
    await removeTestData(dir);
  });

  // A second process starts twice (tsx compiles the server at each start): slow on a busy machine.
  it(
    'keeps every acknowledged order exactly once, and nothing half-applied',
    { timeout: 180_000 },
    async () => {
      const databaseUrl = await testDatabaseFor(dir);
      const {
        child,
        url: listening,
        exited,
      } = spawnServer({ dataDir: dir, ...(databaseUrl && { databaseUrl }) });
      const url = await listening;
      const { token } = await loginByApi(url, DEMO_ACCOUNT, DEMO_PASSWORD);
      const acked = new Map<string, number>();
      let killed = false;
      const killAt = 5 + Math.floor(Math.random() * 5);
      for (let wave = 0; wave * WAVE < ORDERS && !killed; wave++) {
        const sends = Array.from({ length: WAVE }, (_, k) => {
          const req = order(wave * WAVE + k);
          return callApi(url, 'trade/place', req, { token }).then(
            (reply) => {
              const data = reply.body?.data as { id?: number } | undefined;
              if (reply.status === 200 && reply.body?.code === 200 && data?.id)
                acked.set(req.clientOrderId, data.id);
            },
            () => {},
          );
        });
        // In the middle of a wave: some of its orders are in a batch being written, some queued.
        if (wave === killAt) {
          await new Promise((r) => setTimeout(r, 2 + Math.floor(Math.random() * 8)));
          child.kill('SIGKILL');
          killed = true;
        }
        await Promise.all(sends);
      }
      await exited;
      expect(killed).toBe(true);
      expect(acked.size).toBeGreaterThan(0);

      restarted = await startTestServer({ dataDir: dir, simMarket: false, simChain: false });
      const counts = await withServerDb(dir, (db) =>
        db.all<{ cid: string; n: number; id: number }>(
          `select client_order_id as cid, count(*) as n, min(id) as id from spot_orders
         where client_order_id like 'crash-%' group by client_order_id`,
        ),
      );
      const byCid = new Map(counts.map((r) => [r.cid, r]));
      // Every acknowledged order survived, under the id it was acknowledged with; none twice.
      for (const [cid, id] of acked) expect(byCid.get(cid)?.id, cid).toBe(id);
      expect(counts.every((r) => Number(r.n) === 1)).toBe(true);
      // Sending every order again (a client retrying after the crash) finds the same order: the
      // idempotency keys survived, and nothing is placed twice.
      const again = await loginByApi(restarted.origin, DEMO_ACCOUNT, DEMO_PASSWORD);
      const resent = await Promise.all(
        [...acked.keys()].map((cid) =>
          callApi(restarted!.origin, 'trade/place', order(Number(cid.slice('crash-'.length))), {
            token: again.token,
          }).then((reply) => [cid, (reply.body?.data as { id: number }).id] as const),
        ),
      );
      expect(new Map(resent)).toEqual(acked);
      const total = await withServerDb(dir, (db) =>
        db.get<{ n: number }>(`select count(*) as n from spot_orders where client_order_id like 'crash-%'`),
      );
      expect(Number(total?.n)).toBe(counts.length);
      expect(await violations(dir)).toEqual([]);
    },
  );
});
