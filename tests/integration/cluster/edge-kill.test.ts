// Kill -9 of an edge under load: its sockets move to another edge and resume with a snapshot and
// contiguous sequence numbers; what it acknowledged is in the database once, and a client sending
// the unanswered orders again through the other edge places none twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthDiff, DepthSnapshot } from '../../../domain';
import { DEMO_ACCOUNT } from '../../../server/mine';
import { DEMO_PASSWORD } from '../../../server/sim/demo-seed';
import { loginByApi } from '../../support/accounts';
import { callApi } from '../../support/api';
import { startNats, type TestNats } from '../../support/nats';
import { databaseUrlOf, startTestServer, TEST_ENGINE, type TestServer } from '../../support/server';
import { expectEachOnce, restingOrder } from '../../support/order-stream';
import { isData, openSocket } from '../../support/socket-watch';
import { spawnServer, type ChildServer } from '../../support/spawn-server';

const ch = 'depth:BTC/USDT';
const order = (i: number) => restingOrder('edge-kill', i);

let nats: TestNats;
let core: TestServer;
const edges: ChildServer[] = [];

beforeAll(async () => {
  nats = await startNats();
  // The market maker runs on the core, so the book moves.
  core = await startTestServer({ role: 'core', natsUrl: nats.url });
  const dbUrl = databaseUrlOf(core.dataDir);
  for (let i = 0; i < 2; i++) {
    edges.push(
      spawnServer({
        role: 'edge',
        natsUrl: nats.url,
        dataDir: core.dataDir,
        ...(dbUrl && { databaseUrl: dbUrl }),
      }),
    );
  }
  await Promise.all(edges.map((e) => e.url));
}, 120_000);
afterAll(async () => {
  for (const e of edges) {
    e.child.kill('SIGKILL');
    await e.exited;
  }
  await core?.close();
  await nats?.close();
});

describe(`kill -9 of an edge (${TEST_ENGINE})`, () => {
  it('moves its sockets to another edge without an undetected gap and loses no acknowledged order', async () => {
    const [one, two] = (await Promise.all(edges.map((e) => e.url))) as [string, string];
    const { token } = await loginByApi(one, DEMO_ACCOUNT, DEMO_PASSWORD);
    const watcher = await openSocket(one);
    watcher.send({ op: 'sub', ch });
    await watcher.next(isData(ch));

    const acked = new Map<string, number>();
    const place = async (origin: string, i: number) => {
      const req = order(i);
      try {
        const reply = await callApi(origin, 'trade/place', req, { token });
        const data = reply.body?.data as { id?: number } | undefined;
        if (reply.status === 200 && data?.id) acked.set(req.clientOrderId, data.id);
      } catch {
        // The connection died with the edge: not acknowledged.
      }
    };
    let next = 0;
    for (let w = 0; w < 3; w++) await Promise.all(Array.from({ length: 20 }, () => place(one, next++)));
    const inFlight = Promise.all(Array.from({ length: 20 }, () => place(one, next++)));
    await new Promise((r) => setTimeout(r, 3));
    edges[0]!.child.kill('SIGKILL');
    await inFlight;
    expect(await watcher.closed).not.toBe(1000);

    // The client reconnects (to the other edge, as a load balancer would send it) and resubscribes.
    const moved = await openSocket(two);
    moved.send({ op: 'sub', ch });
    const snap = (await moved.next(isData(ch))) as { data: DepthSnapshot };
    let seq = snap.data.seq;
    for (let k = 0; k < 3; k++) {
      const diff = (await moved.next(
        (m) => isData(ch)(m) && (m as { data: DepthDiff }).data.seq > seq,
        10_000,
      )) as { data: DepthDiff };
      // Contiguous: the worker would see any gap and resync; here there is none to see.
      expect(diff.data.prevSeq).toBe(seq);
      seq = diff.data.seq;
    }
    moved.close();

    for (let i = 0; i < next; i++) await place(two, i);
    await expectEachOnce(core.dataDir, 'edge-kill', acked, next);
  }, 120_000);
});
