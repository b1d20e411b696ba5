/**
 * Durable orders through the order service on the one writer: validation, ledger freeze, matching,
 * settlement and the order/trade rows, committed by group commit. Both engines side by side (a SQLite
 * file with synchronous=FULL; a local PostgreSQL with synchronous_commit=on) and both balance
 * authorities (memory, database), then the latency from request to acknowledgement with orders
 * offered at half the measured rate. Also: SQLite in memory (no disk: the CPU ceiling) and one
 * transaction per order (no group commit).
 * Run: `npx tsx bench/orders.bench.ts` (or `npm run bench -- orders`). Env: BENCH_ORDERS (stream length),
 * BENCH_ONLY=resting|mixed|ceiling (one stream, or only the ceilings of orders-ceiling.ts),
 * BENCH_SINGLE=0 (skip the slow per-command comparison),
 * BENCH_PG=0 (SQLite only), BENCH_DATABASE_URL (the PostgreSQL server to create the bench database on),
 * BENCH_CLIENT_IDS=0 (no client order ids, as the stream was before 2026-11-29).
 */
import os from 'node:os';
import { seededRandom, type PairInfo, type PlaceOrderReq } from '../domain';
import { ledgerViolations, type BalanceAuthority } from '../server/ledger';
import type { OrderService } from '../server/trade/order-service';
import { mainThreadOnly, writesOnly, type SendStream } from './orders-ceiling';
import { openBenchDb, USERS, type BenchDbKind } from './orders-db';

const PAIR: PairInfo = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '1',
  makerFee: '0.001',
  takerFee: '0.001',
  status: 'trading',
};
const ORDERS = Number(process.env.BENCH_ORDERS ?? 40_000);
/** BENCH_CLIENT_IDS=0: orders without a client order id (the figures before 2026-11-29). */
const CLIENT_IDS = process.env.BENCH_CLIENT_IDS !== '0';

/**
 * `mixed`: 85 % limit orders around a mid price (about half of them cross), 15 % cancels of resting
 * ones. `resting`: limit orders that never cross (buys below, sells above the mid), so each is a
 * placement with its freeze and no settlement.
 */
function stream(
  n: number,
  kind: 'mixed' | 'resting',
): Array<{ userId: number; req: PlaceOrderReq } | { userId: number; cancel: true }> {
  const rand = seededRandom(7);
  const out: Array<{ userId: number; req: PlaceOrderReq } | { userId: number; cancel: true }> = [];
  for (let i = 0; i < n; i++) {
    const userId = 1 + Math.floor(rand() * USERS);
    if (kind === 'mixed' && rand() < 0.15) {
      out.push({ userId, cancel: true });
      continue;
    }
    const side = rand() < 0.5 ? 'buy' : 'sell';
    const offset = Math.round((rand() - 0.5) * 400);
    const price = (
      kind === 'mixed'
        ? 60_000 + offset
        : side === 'buy'
          ? 59_000 - Math.abs(offset)
          : 61_000 + Math.abs(offset)
    ).toFixed(2);
    const qty = (0.001 + Math.floor(rand() * 100) / 100_000).toFixed(5);
    // The app sends a client order id (its idempotency key) with every order; so does the bench.
    const clientOrderId = CLIENT_IDS ? `bench-${kind}-${i}` : undefined;
    out.push({ userId, req: { symbol: 'BTC/USDT', side, type: 'limit', price, qty, clientOrderId } });
  }
  return out;
}

type Cmd = { userId: number; req: PlaceOrderReq } | { userId: number; cancel: true };

/** Sends one command of the stream; cancels take the newest resting order. */
function send(
  service: OrderService,
  c: Cmd,
  resting: Array<{ userId: number; id: number }>,
): Promise<unknown> {
  if ('cancel' in c) {
    const r = resting.pop();
    return r ? service.cancel(r.userId, r.id).catch(() => undefined) : Promise.resolve(undefined);
  }
  return service.place(c.userId, c.req).then((o) => {
    if (o.status === 'open') resting.push({ userId: o.userId, id: o.id });
    return o;
  });
}

/** Sends `cmds` `batchSize` at a time, each group after the previous one is acknowledged. */
async function drive(
  service: OrderService,
  cmds: readonly Cmd[],
  batchSize: number,
  resting: Array<{ userId: number; id: number }>,
): Promise<void> {
  for (let i = 0; i < cmds.length; i += batchSize) {
    await Promise.all(cmds.slice(i, i + batchSize).map((c) => send(service, c, resting)));
  }
}

/** The mixed stream's two halves apart (orders-ceiling.ts): the bound of any writer design here. */
async function ceilings(engines: readonly BenchDbKind[]): Promise<void> {
  const sendMixed: SendStream = async ({ service }) => {
    const cmds = stream(ORDERS, 'mixed');
    const t0 = process.hrtime.bigint();
    await drive(service, cmds, 500, []);
    return cmds.length / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  const main = await mainThreadOnly(PAIR, ORDERS, sendMixed);
  console.log(
    `ceiling, main thread without SQL writes (memory authority): ${fmt(main.rate)} /s, ` +
      `${main.cpuMicros.toFixed(0)} µs CPU per command`,
  );
  const cores = os.cpus().length;
  for (const where of engines) {
    const w = await writesOnly(PAIR, where, ORDERS, sendMixed);
    console.log(
      `ceiling, the writes alone on one connection, ${where}: ${fmt(w.rate)} /s, ` +
        `${w.cpuMicros.toFixed(0)} µs CPU per command` +
        (where === 'postgres' ? ` (${w.serverMicros.toFixed(0)} of them in the server's processes)` : '') +
        ` (${w.statements} statements in ${w.batches} commits replayed) ` +
        `[${w.settings}]`,
    );
    const perCommand = main.cpuMicros + w.cpuMicros;
    console.log(
      `  ${where}: a pipelined writer reaches at most ${fmt(Math.min(main.rate, w.rate))} /s here (the slower half); ` +
        `any design at most ${fmt((cores * 1e6) / perCommand)} /s (${cores} cores / ${perCommand.toFixed(0)} µs CPU per command); ` +
        `aim ${where === 'postgres' ? '20,000' : '25,000'}`,
    );
  }
}

async function run(
  label: string,
  batchSize: number,
  kind: 'mixed' | 'resting',
  where: BenchDbKind,
  authority: BalanceAuthority,
): Promise<number> {
  const { engine, service, close, settings } = await openBenchDb(where, authority, PAIR);
  const cmds = stream(ORDERS, kind);
  const resting: Array<{ userId: number; id: number }> = [];
  let trades = 0;
  service.onBatch((o) => (trades += o.trades.length));
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  await drive(service, cmds, batchSize, resting);
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const violations = await ledgerViolations(engine);
  await close();
  const rate = cmds.length / secs;
  console.log(
    `${label.padEnd(46)} ${cmds.length} commands in ${secs.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} /s` +
      ` (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s), ${trades} trades, ` +
      `ledger ${violations.length === 0 ? 'sound' : `BROKEN (${violations.length})`} [${settings}, ${authority} authority]`,
  );
  return rate;
}

/**
 * Offers the mixed stream at `rate` commands/s (open loop: sent on a clock, not when the previous
 * ones are acknowledged) and prints the time from each request to its acknowledgement.
 */
async function latency(where: BenchDbKind, authority: BalanceAuthority, rate: number): Promise<void> {
  const { service, close, settings } = await openBenchDb(where, authority, PAIR);
  const cmds = stream(Math.min(ORDERS, Math.max(2_000, Math.round(rate * 3))), 'mixed');
  const resting: Array<{ userId: number; id: number }> = [];
  const waits: number[] = [];
  const t0 = performance.now();
  const pending: Promise<unknown>[] = [];
  let i = 0;
  while (i < cmds.length) {
    // Every millisecond, send what the clock says is due.
    const due = Math.min(cmds.length, Math.floor(((performance.now() - t0) * rate) / 1_000) + 1);
    for (; i < due; i++) {
      const sent = performance.now();
      pending.push(send(service, cmds[i]!, resting).then(() => waits.push(performance.now() - sent)));
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  await close();
  waits.sort((a, b) => a - b);
  const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]!.toFixed(1);
  console.log(
    `  ack latency at ${Math.round(rate).toLocaleString('en')} /s offered: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
      `max ${waits.at(-1)!.toFixed(1)} ms [${settings}, ${authority} authority]`,
  );
}

async function main() {
  console.log(
    `machine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length} cores, node ${process.version}, ` +
      `${USERS} users, ${ORDERS} commands per stream, ${CLIENT_IDS ? 'with' : 'without'} client order ids`,
  );
  const only = process.env.BENCH_ONLY;
  if (only === 'ceiling') {
    await ceilings(process.env.BENCH_PG === '0' ? ['sqlite-file'] : ['sqlite-file', 'postgres']);
    return;
  }
  const engines: BenchDbKind[] = process.env.BENCH_PG === '0' ? ['sqlite-file'] : ['sqlite-file', 'postgres'];
  const mixed = new Map<string, number>();
  for (const where of engines) {
    for (const authority of ['database', 'memory'] as const) {
      if (only !== 'mixed') await run(`resting only, ${where}`, 500, 'resting', where, authority);
      if (only !== 'resting') {
        mixed.set(`${where}/${authority}`, await run(`mixed, ${where}`, 500, 'mixed', where, authority));
      }
    }
  }
  if (only !== 'resting') {
    for (const where of engines) {
      const db = mixed.get(`${where}/database`)!;
      const mem = mixed.get(`${where}/memory`)!;
      console.log(`${where}: memory / database authority (mixed, durable): ${(mem / db).toFixed(2)}×`);
    }
    const memory = await run('mixed, SQLite in memory (no disk)', 500, 'mixed', 'sqlite-memory', 'database');
    console.log(
      `durable file / in-memory (mixed, database authority): ${(mixed.get('sqlite-file/database')! / memory).toFixed(2)}×`,
    );
    for (const where of engines) {
      for (const authority of ['database', 'memory'] as const) {
        await latency(where, authority, mixed.get(`${where}/${authority}`)! / 2);
      }
    }
    await ceilings(engines);
  }
  // BENCH_SINGLE=0 skips the slow per-command comparison (for quick iterations).
  if (process.env.BENCH_SINGLE !== '0') {
    const single = await run('mixed, one transaction per command', 1, 'mixed', 'sqlite-file', 'database');
    console.log(
      `group commit / per-command commit (mixed): ${(mixed.get('sqlite-file/database')! / single).toFixed(1)}×`,
    );
  }
  console.log(
    `aims (durable mixed): SQLite ≥ 25,000/s, PostgreSQL ≥ 20,000/s; measured: ${[...mixed]
      .map(([k, v]) => `${k} ${Math.round(v).toLocaleString('en')}`)
      .join(', ')}`,
  );
}

void main();
