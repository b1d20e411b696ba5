/**
 * A core and two edges over NATS against one process (`ROLE=all`), each on its own SQLite file
 * (synchronous=FULL), all on this machine: (1) the round trip of an order, from the request at edge A
 * to its acknowledgement and to the order's private event on a socket at edge B, with orders offered
 * at each of BENCH_RATES per second (default 200 and 5,000) for BENCH_SECONDS (5) each, open loop; (2) durable order
 * throughput, closed loop (BENCH_CONCURRENCY requests in flight, default 128), through the two edges
 * and through the single process. Every process (NATS, core, edges, the single process, and this
 * client) shares the machine's cores: the figures are for the machine as a whole, and per core.
 * Run: `npm run bench -- cluster` (after `npm run build` is not needed: no page is served).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { ServerMessage } from '../domain';
import { DEMO_ACCOUNT } from '../server/mine';
import { DEFAULT_CATALOG } from '../server/market/catalog';
import { DEMO_PASSWORD } from '../server/sim/demo-seed';
import { startNats } from '../scripts/nats-process';
import { loginByApi } from '../tests/support/accounts';
import { spawnServer, type ChildServer } from '../tests/support/spawn-server';

/** Offered rates of the round-trip runs, orders/s: one the machine keeps up with, and the issue's. */
const RATES = (process.env.BENCH_RATES ?? '200,5000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 128);
const cores = os.cpus().length;

let seq = 0;
/**
 * A buy far below the market (it rests), of one lot: 0.01 USDT of the demo account's 100,000 each
 * (the bench's catalog lowers BTC/USDT's minimum order value so that a run never runs out).
 */
const order = () => ({
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 'limit',
  price: String(1_000 + (seq % 50)),
  qty: '0.00001',
  clientOrderId: `bench-${process.pid}-${seq++}`,
});

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Keep-alive connections, one pool per origin: lighter on this shared CPU than `fetch`. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** Places `req` as the holder of `token`; resolves true when it was acknowledged. */
function place(origin: string, token: string, req: ReturnType<typeof order>): Promise<boolean> {
  const body = new URLSearchParams(req).toString();
  return new Promise((resolve) => {
    const r = http.request(
      `${origin}/api/trade/place`,
      {
        method: 'POST',
        agent,
        headers: {
          token,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(res.statusCode === 200 && text.startsWith('{"code":200')));
      },
    );
    r.on('error', () => resolve(false));
    r.end(body);
  });
}

/** Open loop at `RATE`/s through `origin`; the order events come on a socket at `watchAt`. */
async function roundTrip(origin: string, watchAt: string, token: string, rate: number) {
  const sent = new Map<string, number>();
  const acks: number[] = [];
  const events: number[] = [];
  const ws = new WebSocket(`${watchAt.replace(/^http/, 'ws')}/ws`);
  await new Promise((r) => ws.once('open', r));
  const subbed = new Promise<void>((resolve) =>
    ws.on('message', (raw: WebSocket.RawData) => {
      const m = JSON.parse(raw.toString()) as ServerMessage & {
        data?: { type?: string; order?: { clientOrderId?: string } };
      };
      if ('op' in m && m.op === 'subbed') resolve();
      const cid = m.data?.type === 'order' ? m.data.order?.clientOrderId : undefined;
      const t0 = cid ? sent.get(cid) : undefined;
      if (t0 !== undefined) {
        events.push(performance.now() - t0);
        sent.delete(cid!);
      }
    }),
  );
  ws.send(JSON.stringify({ op: 'auth', token }));
  ws.send(JSON.stringify({ op: 'sub', ch: 'private' }));
  await subbed;
  const tickMs = 10;
  const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
  const pending: Promise<void>[] = [];
  const start = performance.now();
  let refused = 0;
  for (let tick = 0; performance.now() - start < SECONDS * 1000; tick++) {
    const due = start + tick * tickMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (let k = 0; k < perTick; k++) {
      const req = order();
      const t0 = performance.now();
      sent.set(req.clientOrderId, t0);
      pending.push(
        place(origin, token, req).then((ok) => {
          if (ok) acks.push(performance.now() - t0);
          else refused++;
        }),
      );
    }
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  await new Promise((r) => setTimeout(r, 1_000));
  ws.close();
  acks.sort((a, b) => a - b);
  events.sort((a, b) => a - b);
  return { offered: (perTick * 1000) / tickMs, acked: acks.length / elapsed, acks, events, refused };
}

/** Closed loop: `CONCURRENCY` requests in flight, spread over `origins`, for `SECONDS`. */
async function throughput(origins: string[], token: string): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const origin = origins[i % origins.length]!;
      while (performance.now() < until) if (await place(origin, token, order())) done++;
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

const dirs: string[] = [];
const children: ChildServer[] = [];
const nats = await startNats();
try {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));
  const single = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-all-'));
  dirs.push(dir, single);
  const catalogFile = path.join(dir, 'catalog.json');
  const pairs = DEFAULT_CATALOG.pairs.map((p) =>
    p.symbol === 'BTC/USDT' ? { ...p, minNotional: '0.01' } : p,
  );
  fs.writeFileSync(catalogFile, JSON.stringify({ pairs }));
  const core = spawnServer({ role: 'core', natsUrl: nats.url, dataDir: dir, catalogFile });
  children.push(core);
  await core.url;
  const edges = [0, 1].map(() => spawnServer({ role: 'edge', natsUrl: nats.url, dataDir: dir, catalogFile }));
  children.push(...edges);
  const [a, b] = (await Promise.all(edges.map((e) => e.url))) as [string, string];
  const all = spawnServer({ dataDir: single, catalogFile });
  children.push(all);
  const allUrl = await all.url;

  console.log(
    `machine: ${cores} cores; NATS, the core, two edges, one ROLE=all process and this client share them`,
  );
  const { token } = await loginByApi(a, DEMO_ACCOUNT, DEMO_PASSWORD);
  for (const rate of RATES) {
    const rt = await roundTrip(a, b, token, rate);
    console.log(
      `round trip, ${rt.offered}/s offered for ${SECONDS} s through edge A: ${Math.round(rt.acked)}/s acknowledged (${rt.refused} refused)`,
    );
    console.log(
      `  request → acknowledgement: p50 ${ms(pct(rt.acks, 0.5))}, p99 ${ms(pct(rt.acks, 0.99))}; request → private event at edge B: p50 ${ms(pct(rt.events, 0.5))}, p99 ${ms(pct(rt.events, 0.99))} (${rt.events.length} events)`,
    );
    // Let the queue of an overloaded run drain before the next measurement.
    await new Promise((r) => setTimeout(r, 3_000));
  }
  const viaEdges = await throughput([a, b], token);
  const allToken = (await loginByApi(allUrl, DEMO_ACCOUNT, DEMO_PASSWORD)).token;
  const viaAll = await throughput([allUrl], allToken);
  console.log(
    `durable orders/s, ${CONCURRENCY} in flight: through two edges ${Math.round(viaEdges)} (${Math.round(viaEdges / cores)} per core), ROLE=all ${Math.round(viaAll)} (${Math.round(viaAll / cores)} per core); cluster / all = ${(viaEdges / viaAll).toFixed(2)}`,
  );
} finally {
  for (const c of children) {
    c.child.kill('SIGTERM');
    await c.exited;
  }
  await nats.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
