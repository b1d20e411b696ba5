// The database goes away under load (PostgreSQL: every session of the server's database ended and
// new ones refused), then comes back: orders are refused at once with "busy, try again" (503), none
// hangs, nothing is half-applied, and the server takes orders again by itself, without a restart.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/mine';
import { DEMO_PASSWORD } from '../../../server/sim/demo-seed';
import { loginByApi } from '../../support/accounts';
import { callApi } from '../../support/api';
import { TEST_DATABASE_URL } from '../../support/postgres';
import { ledgerViolations } from '../../../server/ledger';
import { databaseUrlOf, serverOn, startTestServer, TEST_ENGINE, type TestServer } from '../../support/server';
import { withServerDb } from '../../support/server-db';
import { restingOrder } from '../../support/order-stream';

const order = (i: number) => restingOrder('loss', i);

/** Runs `text` as the administrator role on the test cluster. */
async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe.skipIf(TEST_ENGINE !== 'postgres')('the database lost under load (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ simMarket: false, simChain: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses at once while it is away, keeps nothing half-done, and recovers by itself', async () => {
    const name = new URL(databaseUrlOf(server.dataDir)!).pathname.slice(1);
    const { token } = await loginByApi(server.origin, DEMO_ACCOUNT, DEMO_PASSWORD);
    const place = (i: number) => callApi(server.origin, 'trade/place', order(i), { token });
    const acked = new Map<string, number>();
    const record = (i: number, reply: Awaited<ReturnType<typeof place>>) => {
      const data = reply.body?.data as { id?: number } | undefined;
      if (reply.status === 200 && data?.id) acked.set(`loss-${i}`, data.id);
      return reply.status;
    };
    for (let i = 0; i < 40; i++) record(i, await place(i));
    expect(acked.size).toBe(40);

    // Away: no new sessions, and the server's sessions (its writer's among them) ended under load.
    const inFlight = Array.from({ length: 40 }, (_, k) => place(40 + k).then((r) => record(40 + k, r)));
    await admin(`alter database ${name} with allow_connections false`);
    await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    const during = await Promise.all(inFlight);
    expect(during.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const started = Date.now();
    const refused = await Promise.all(
      Array.from({ length: 20 }, (_, k) => place(80 + k).then((r) => record(80 + k, r))),
    );
    expect(refused).toEqual(refused.map(() => 503));
    // Refused at once: no request waits for a timeout while the database is away.
    expect(Date.now() - started).toBeLessThan(5_000);
    const busy = await place(999);
    expect(busy.body?.key).toBe('serviceBusy');

    // Back: the next orders go through without a restart.
    await admin(`alter database ${name} with allow_connections true`);
    let back = 0;
    for (let i = 100; i < 200 && back === 0; i++) {
      if (record(i, await place(i)) === 200) back = i;
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toBeGreaterThan(0);

    // Every acknowledged order is there, once; nothing refused left a row or a frozen amount behind.
    const rows = await withServerDb(server.dataDir, (db) =>
      db.all<{ cid: string; id: number }>(
        `select client_order_id as cid, id from spot_orders where client_order_id like 'loss-%'`,
      ),
    );
    const stored = new Map(rows.map((r) => [r.cid, Number(r.id)]));
    expect(stored.size).toBe(acked.size);
    for (const [cid, id] of acked) expect(stored.get(cid)).toBe(id);
    expect(await ledgerViolations(serverOn(server.dataDir).engine)).toEqual([]);
  });
});
