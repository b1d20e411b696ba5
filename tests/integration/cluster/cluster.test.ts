import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthDiff, DepthSnapshot, PrivateEvent } from '../../../domain';
import { callApi } from '../../support/api';
import { registerUser } from '../../support/accounts';
import { dataOf, fund, call } from '../../support/assets';
import { startTestCluster, type TestCluster } from '../../support/cluster';
import { expectEachOnce, restingOrder } from '../../support/order-stream';
import { isData, isSubbed, openSocket } from '../../support/socket-watch';

let cluster: TestCluster;
let a: string;
let b: string;

beforeAll(async () => {
  cluster = await startTestCluster(2);
  [a, b] = cluster.edges.map((e) => e.origin) as [string, string];
}, 60_000);
afterAll(() => cluster?.close());

/** A user registered through edge A, signed in there, with `usdt` on the spot account. */
async function funded(usdt: string) {
  const grant = await registerUser(a);
  await fund(cluster.core.dataDir, grant.user.id, 'USDT', usdt);
  return grant;
}

describe('a core and two edges over NATS', () => {
  it("delivers an order placed through edge A to the user's socket at edge B", async () => {
    const me = await funded('100');
    const ws = await openSocket(b);
    ws.send({ op: 'auth', token: me.token });
    ws.send({ op: 'sub', ch: 'private' });
    await ws.next(isSubbed('private'));
    const placed = dataOf<{ id: number; status: string }>(
      await call(a, 'trade/place', me.token, {
        symbol: 'ETH/USDT',
        side: 'buy',
        type: 'limit',
        price: '100',
        qty: '0.1',
      }),
    );
    expect(placed.status).toBe('open');
    const event = await ws.next(
      (m) => isData('private')(m) && (m as { data: PrivateEvent }).data.type === 'order',
    );
    expect((event as { data: { order: { id: number } } }).data.order.id).toBe(placed.id);
    // The same order, read through edge B.
    const orders = dataOf<{ id: number }[]>(await call(b, 'trade/orders', me.token, { status: 'open' }));
    expect(orders.map((o) => o.id)).toContain(placed.id);
    ws.close();
  });

  it('sends every edge the same book frames: same sequence numbers and checksums', async () => {
    const ch = 'depth:BTC/USDT';
    const sockets = await Promise.all([openSocket(a), openSocket(b)]);
    for (const ws of sockets) ws.send({ op: 'sub', ch });
    await Promise.all(sockets.map((ws) => ws.next(isData(ch))));
    // The market maker moves the book; wait for a few diffs on both.
    const frames = () =>
      sockets.map((ws) =>
        ws.messages.filter(isData(ch)).map((m) => (m as { data: DepthSnapshot | DepthDiff }).data),
      );
    for (let i = 0; i < 100 && frames().some((f) => f.length < 6); i++)
      await new Promise((r) => setTimeout(r, 100));
    const [fa, fb] = frames() as [(DepthSnapshot | DepthDiff)[], (DepthSnapshot | DepthDiff)[]];
    const bySeq = new Map(fb.filter((f) => 'prevSeq' in f).map((f) => [f.seq, JSON.stringify(f)]));
    const common = fa.filter((f) => 'prevSeq' in f && bySeq.has(f.seq));
    expect(common.length).toBeGreaterThan(2);
    for (const f of common) expect(JSON.stringify(f)).toBe(bySeq.get(f.seq));
    for (const ws of sockets) ws.close();
  });

  it("ends the user's sockets on every edge when they log out through one", async () => {
    const me = await funded('1');
    const onB = await openSocket(b);
    onB.send({ op: 'auth', token: me.token });
    await onB.next((m) => 'op' in m && m.op === 'authed');
    dataOf(await callApi(a, 'user/logout', {}, { token: me.token }));
    await onB.next((m) => 'op' in m && m.op === 'error' && m.msg === 'sessionInvalid', 3_000);
    onB.close();
  });

  it('comes back by itself after NATS restarts: sockets resync, no acknowledged order lost', async () => {
    const me = await funded('2000');
    const ch = 'depth:BTC/USDT';
    const before = await openSocket(a);
    before.send({ op: 'sub', ch });
    await before.next(isData(ch));

    // Orders keep coming through both edges while NATS goes down and comes back.
    const acked = new Map<string, number>();
    let next = 0;
    let restartedAt = 0;
    let backAt = 0;
    const refusals: string[] = [];
    const place = async (origin: string, i: number) => {
      const req = restingOrder('nats-restart', i);
      const reply = await call(origin, 'trade/place', me.token, req);
      const id = (reply.body as { data?: { id?: number } } | undefined)?.data?.id;
      if (reply.status === 200 && id) {
        acked.set(req.clientOrderId, id);
        if (restartedAt && !backAt) backAt = Date.now();
      } else {
        refusals.push(`${reply.status} ${reply.text.slice(0, 80)}`);
      }
    };
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        await Promise.all([place(a, next++), place(b, next++)]);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    await cluster.nats.restart();
    restartedAt = Date.now();
    // The edge drops its sockets once the bus is back, so each resubscribes and reads a snapshot.
    expect(await before.closed).toBe(1012);
    const after = await openSocket(a);
    after.send({ op: 'sub', ch });
    const first = (await after.next(isData(ch))) as { data: DepthSnapshot };
    await after.next((m) => isData(ch)(m) && (m as { data: DepthDiff }).data.seq > first.data.seq, 10_000);
    while (!backAt && Date.now() - restartedAt < 10_000) await new Promise((r) => setTimeout(r, 20));
    streaming = false;
    await stream;
    after.close();
    console.log(`NATS restart: first order acknowledged ${backAt - restartedAt} ms after NATS was back`);
    expect(backAt, refusals.join('\n')).toBeGreaterThan(0);
    expect(backAt - restartedAt).toBeLessThan(5_000);
    // Refused while the bus was away: "busy, try again", nothing else.
    expect(refusals.filter((r) => !r.startsWith('503 '))).toEqual([]);
    // A client sends everything again (same client order ids): the unanswered ones are placed once.
    for (let i = 0; i < next; i++) await place(i % 2 ? b : a, i);
    await expectEachOnce(cluster.core.dataDir, 'nats-restart', acked, next);
  });

  it('refuses a command with "busy, try again" within a second when no core answers', async () => {
    const me = await funded('10');
    await cluster.core.stop();
    const started = Date.now();
    const r = await call(a, 'trade/place', me.token, {
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      qty: '0.01',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(r.status).toBe(503);
    expect(JSON.stringify(r.body)).toContain('serviceBusy');
  });
});
