/**
 * Fan-out per edge (issue 27, "Past one machine"): frames delivered per second to FANOUT_SOCKETS
 * (10,000) sockets subscribed to one market's depth channel, through one edge process, as the core
 * publishes at increasing rates. The edge (bench/fanout-edge.ts) is the server's socket stack fed by
 * the cluster's edge glue over a real NATS; the clients (bench/fanout-clients.ts) run in another
 * process; this process is the core: it publishes the book's diffs on the bus (serialised once, as
 * the core's hub does), answers the edge's snapshot requests and beats.
 *
 * For each diff size (`small`: 3 levels a side, a few hundred bytes, never compressed; `large`: 40
 * levels a side, about 2 KiB, compressed for clients that negotiated permessage-deflate, as the
 * clients here do, like browsers) it runs the naive socket layer (ws.send per socket: what the server
 * did before) and the fast one (the server's `registerSocket` now), each with a fresh edge, and
 * prints per rate step: frames offered and delivered per second, the edge's and the clients' CPU,
 * the delivered frames per second of edge CPU (the per-core figure), the least and most frames one
 * socket got, closes and the sampled clients' delay and resyncs; then the memory per idle socket
 * (the edge's RSS and heap with all sockets subscribed, minus before, per socket).
 *
 * Usage: `npm run bench -- fanout`. Settings: FANOUT_SOCKETS, FANOUT_RATES (publications per second,
 * comma-separated), FANOUT_SIZES (small,large), FANOUT_MODES (naive,fast), FANOUT_STEP_MS (measured
 * part of each step; 1 s of warm-up before it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectNatsBus } from '../server/cluster';
import { BEAT_SUBJECT, CORE_QUEUE, SNAP_SUBJECT, publicSubject } from '../server/cluster/subjects';
import { startNats } from '../tests/support/nats';
import { machineInfo } from './engine-report';
import { BENCH_CHANNEL, BenchBook } from './fanout-book';

const dir = path.dirname(fileURLToPath(import.meta.url));
const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 10_000);
const RATES = (process.env.FANOUT_RATES ?? '2,4,8,12,16,24,32,48,64').split(',').map(Number);
const SIZES = (process.env.FANOUT_SIZES ?? 'small,large').split(',') as ('small' | 'large')[];
const MODES = (process.env.FANOUT_MODES ?? 'naive,fast').split(',') as ('naive' | 'fast')[];
const STEP_MS = Number(process.env.FANOUT_STEP_MS ?? 3_000);
const WARM_MS = 1_000;
/** A step whose backlog takes longer than this to reach the clients after it did not keep up. */
const DRAIN_OK_MS = 1_000;
const LEVELS = { small: 3, large: 40 };

type Message = { type: string } & Record<string, unknown>;

/** A child process spoken to over IPC. */
class Child {
  readonly #inbox: Message[] = [];
  readonly #waiting: { type: string; resolve: (m: Message) => void }[] = [];
  readonly proc: ChildProcess;

  constructor(file: string, env: Record<string, string>, execArgv: string[] = []) {
    this.proc = fork(path.join(dir, file), [], {
      execArgv: ['--expose-gc', '--import', 'tsx', ...execArgv],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.proc.on('message', (m: Message) => {
      const i = this.#waiting.findIndex((w) => w.type === m.type || m.type === 'failed');
      if (i >= 0) this.#waiting.splice(i, 1)[0]!.resolve(m);
      else this.#inbox.push(m);
    });
  }

  async next<T = Message>(type: string): Promise<T> {
    const i = this.#inbox.findIndex((m) => m.type === type || m.type === 'failed');
    const m =
      i >= 0
        ? this.#inbox.splice(i, 1)[0]!
        : await new Promise<Message>((resolve) => this.#waiting.push({ type, resolve }));
    if (m.type === 'failed') throw new Error(String(m.message));
    return m as T;
  }

  ask<T = Message>(msg: Message, type = msg.type): Promise<T> {
    this.proc.send(msg);
    return this.next<T>(type);
  }

  async stop(): Promise<void> {
    const exited = new Promise((r) => this.proc.once('exit', r));
    this.proc.send({ type: 'stop' });
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

interface EdgeStats {
  at: number;
  cpu: NodeJS.CpuUsage;
  rss: number;
  heapUsed: number;
}
interface Mark {
  at: number;
  total: number;
  min: number;
  max: number;
  cpu: NodeJS.CpuUsage;
  closes: Record<string, number>;
  latencyP50: number;
  latencyP99: number;
  resyncs: Record<string, number>;
  snapshots: number;
}
interface Step {
  rate: number;
  offered: number;
  delivered: number;
  /** How long the clients kept receiving after the last publication of the step, in ms. */
  drainMs: number;
  /** Delivered at least 90 % of what was offered and drained within DRAIN_OK_MS. */
  keptUp: boolean;
  edgeCpu: number;
  /** The part of the edge's CPU spent in the kernel (on loopback it includes the receiver's TCP work). */
  edgeSys: number;
  clientCpu: number;
  perCoreSecond: number;
  min: number;
  max: number;
  closes: string;
  p50: number;
  p99: number;
  resyncs: string;
}
interface Run {
  size: string;
  mode: string;
  connectMs: number;
  rssPerSocket: number;
  heapPerSocket: number;
  steps: Step[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuSeconds = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user - a.user + b.system - a.system) / 1e6;
const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');

/** Waits until the clients stop receiving; how long that took after the call, in ms. */
async function drained(clients: Child): Promise<number> {
  const start = Date.now();
  let last = start;
  while (Date.now() - start < 20_000) {
    await sleep(100);
    const m = await clients.ask<Mark>({ type: 'mark' });
    if (m.total === 0) return last - start;
    last = Date.now();
  }
  return Date.now() - start;
}

/** Publishes `rate` diffs a second until `until` (ms since the epoch), catching up after a late timer. */
async function publishAt(publish: () => void, rate: number, until: number): Promise<void> {
  const start = Date.now();
  let sent = 0;
  while (Date.now() < until) {
    const due = Math.floor(((Date.now() - start) * rate) / 1000) + 1;
    while (sent < due) {
      publish();
      sent++;
    }
    await sleep(Math.max(1, Math.floor(1000 / rate / 2)));
  }
}

async function runOne(
  size: 'small' | 'large',
  mode: 'naive' | 'fast',
  natsUrl: string,
  publish: () => void,
): Promise<Run> {
  // FANOUT_EDGE_PROF=<dir> writes the edge's CPU profile there (node --cpu-prof).
  const prof = process.env.FANOUT_EDGE_PROF;
  const edge = new Child(
    'fanout-edge.ts',
    { FANOUT_MODE: mode, NATS_URL: natsUrl },
    prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
  );
  const { port } = await edge.next<{ port: number }>('ready');
  const idle = await edge.ask<EdgeStats>({ type: 'stats', gc: true });
  const clients = new Child('fanout-clients.ts', {
    FANOUT_URL: `ws://127.0.0.1:${port}/ws`,
    FANOUT_SOCKETS: String(SOCKETS),
    FANOUT_DEFLATE: '1',
  });
  await clients.next('ready');
  const { ms: connectMs } = await clients.ask<{ ms: number }>({ type: 'connect' }, 'connected');
  await sleep(1_000);
  const subscribed = await edge.ask<EdgeStats>({ type: 'stats', gc: true });
  const run: Run = {
    size,
    mode,
    connectMs,
    rssPerSocket: (subscribed.rss - idle.rss) / SOCKETS,
    heapPerSocket: (subscribed.heapUsed - idle.heapUsed) / SOCKETS,
    steps: [],
  };
  console.log(
    `${size} ${mode}: ${SOCKETS.toLocaleString('en-US')} sockets subscribed in ${(connectMs / 1000).toFixed(1)} s; ` +
      `idle socket ${fmt(run.rssPerSocket)} B RSS, ${fmt(run.heapPerSocket)} B heap`,
  );
  let saturated = 0;
  for (const rate of RATES) {
    const start = Date.now();
    const publishing = publishAt(publish, rate, start + WARM_MS + STEP_MS);
    await sleep(WARM_MS);
    const m0 = await clients.ask<Mark>({ type: 'mark' });
    const e0 = await edge.ask<EdgeStats>({ type: 'stats' });
    await publishing;
    const m1 = await clients.ask<Mark>({ type: 'mark' });
    const e1 = await edge.ask<EdgeStats>({ type: 'stats' });
    // Each side's own clock: asking a busy process for its figures takes a while.
    const secs = (m1.at - m0.at) / 1000;
    const drainMs = await drained(clients);
    const edgeCpu = cpuSeconds(e0.cpu, e1.cpu) / ((e1.at - e0.at) / 1000);
    const delivered = m1.total / secs;
    const step: Step = {
      rate,
      offered: rate * SOCKETS,
      delivered,
      drainMs,
      keptUp: delivered >= 0.9 * rate * SOCKETS && drainMs <= DRAIN_OK_MS,
      edgeCpu,
      edgeSys: (e1.cpu.system - e0.cpu.system) / 1e6 / Math.max(1e-9, cpuSeconds(e0.cpu, e1.cpu)),
      clientCpu: cpuSeconds(m0.cpu, m1.cpu) / secs,
      perCoreSecond: m1.total / secs / Math.max(edgeCpu, 0.01),
      min: m1.min / secs,
      max: m1.max / secs,
      closes:
        Object.entries(m1.closes)
          .map(([c, n]) => `${n}×${c}`)
          .join(' ') || '-',
      p50: m1.latencyP50,
      p99: m1.latencyP99,
      resyncs:
        Object.entries(m1.resyncs)
          .map(([r, n]) => `${n} ${r}`)
          .join(' ') || '0',
    };
    run.steps.push(step);
    console.log(
      `  ${String(rate).padStart(3)}/s: offered ${fmt(step.offered)} delivered ${fmt(step.delivered)} frames/s, ` +
        `edge ${(edgeCpu * 100).toFixed(0)} % CPU, ${(step.edgeSys * 100).toFixed(0)} % of it in the kernel ` +
        `(${fmt(step.perCoreSecond)} frames per CPU-second), ` +
        `clients ${(step.clientCpu * 100).toFixed(0)} %, per socket ${step.min.toFixed(1)}–${step.max.toFixed(1)}/s, ` +
        `delay p50 ${step.p50} ms p99 ${step.p99} ms, drained ${step.drainMs} ms after, ` +
        `closes ${step.closes}, sampled resyncs ${step.resyncs}${step.keptUp ? '' : ' (fell behind)'}`,
    );
    saturated = step.keptUp ? 0 : saturated + 1;
    if (saturated >= 2) break;
  }
  await clients.stop();
  await edge.stop();
  return run;
}

function report(runs: Run[]): void {
  console.log('\nfan-out per edge process, frames delivered per second at the clients (best step)');
  console.log(
    `cores: ${os.cpus().length}; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const head = [
    'diff',
    'socket layer',
    'kept up with, frames/s',
    'delivered/s',
    'edge CPU',
    'frames per edge CPU-s',
    'peak delivered/s',
    'idle socket RSS B',
    'heap B',
  ];
  const rows = runs.map((r) => {
    const best = sustained(r);
    return [
      r.size,
      r.mode,
      best ? fmt(best.offered) : 'none',
      best ? fmt(best.delivered) : '-',
      best ? `${(best.edgeCpu * 100).toFixed(0)} %` : '-',
      best ? fmt(best.perCoreSecond) : '-',
      fmt(Math.max(...r.steps.map((s) => s.delivered))),
      fmt(r.rssPerSocket),
      fmt(r.heapPerSocket),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  for (const size of SIZES) {
    const of = (mode: string) => runs.find((r) => r.size === size && r.mode === mode);
    const kept = (mode: string) => sustained(of(mode))?.offered ?? NaN;
    const peak = (mode: string) => Math.max(...(of(mode)?.steps.map((s) => s.delivered) ?? [NaN]));
    console.log(
      `${size}: fast / naive, highest rate kept up with ${(kept('fast') / kept('naive')).toFixed(2)}×, ` +
        `peak delivered ${(peak('fast') / peak('naive')).toFixed(2)}×`,
    );
  }
}

/** The highest step a run kept up with. */
function sustained(run: Run | undefined): Step | undefined {
  return run?.steps.filter((s) => s.keptUp).at(-1);
}

async function main(): Promise<void> {
  console.log(machineInfo());
  console.log(
    `cores: ${os.cpus().length}; load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `sockets ${SOCKETS.toLocaleString('en-US')}, rates ${RATES.join(', ')} publications/s, ${STEP_MS} ms a step\n`,
  );
  const nats = await startNats();
  const bus = await connectNatsBus({ url: nats.url, name: 'bench-core' });
  const beat = setInterval(() => bus.publish(BEAT_SUBJECT, String(Date.now())), 200);
  const runs: Run[] = [];
  try {
    for (const size of SIZES) {
      const book = new BenchBook(LEVELS[size]);
      const stopServing = bus.serve(SNAP_SUBJECT, CORE_QUEUE, async (payload) => {
        const call = JSON.parse(payload) as { ch: string };
        return JSON.stringify(call.ch === BENCH_CHANNEL ? { ok: true, data: book.snapshot() } : { ok: true });
      });
      const subject = publicSubject(BENCH_CHANNEL);
      const publish = () => bus.publish(subject, JSON.stringify({ ch: BENCH_CHANNEL, data: book.diff() }));
      const sample = JSON.stringify({ ch: BENCH_CHANNEL, data: book.diff() });
      console.log(`--- ${size} diffs: ${LEVELS[size]} levels a side, ${Buffer.byteLength(sample)} bytes`);
      await bus.flush();
      for (const mode of MODES) runs.push(await runOne(size, mode, nats.url, publish));
      stopServing();
    }
  } finally {
    clearInterval(beat);
    await bus.close();
    await nats.close();
  }
  report(runs);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
