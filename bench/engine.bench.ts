/**
 * Matching-engine benchmark: the same seeded stream (60 % limit near the mid, 30 % cancel, 10 % market)
 * through our `OrderBook`, the npm package `hft-limit-order-book`, and (on a shorter prefix, because it
 * re-sorts the whole book on every operation) our naive `ReferenceEngine`.
 *
 * Run: `npm run bench` (all benches) or `node --expose-gc --import tsx bench/engine.bench.ts`.
 * Env: BENCH_OPS (default 1 000 000), BENCH_REF_OPS (default 20 000), BENCH_RUNS (default 5).
 */
import { ADAPTERS, stringIds } from './engine-adapters';
import type { BenchEngine } from './engine-adapters';
import { machineInfo, median, quantile, table } from './engine-report';
import type { EngineFigures } from './engine-report';
import { DEFAULT_SHAPE, generateStream } from './engine-stream';

const ops = Number(process.env.BENCH_OPS ?? DEFAULT_SHAPE.ops);
const refOps = Math.min(ops, Number(process.env.BENCH_REF_OPS ?? 20_000));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP_OPS = 200_000;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** An engine to measure: its label and a factory for a fresh instance. */
type Contender = readonly [name: string, make: () => BenchEngine];

/**
 * Throughput and latency of each contender on the first `n` ops. Runs are interleaved (A, B, A, B, …) so
 * that load from other processes on a shared machine hits every engine alike; each engine's figure is the
 * median of its runs, each on a fresh instance after a JIT warm-up on a throwaway one.
 */
function measure(contenders: readonly Contender[], n: number): EngineFigures[] {
  for (const [, make] of contenders) make().run(0, Math.min(n, WARMUP_OPS));
  const rates = contenders.map(() => [] as number[]);
  const lastRun: BenchEngine[] = [];
  for (let r = 0; r < runs; r++) {
    contenders.forEach(([, make], k) => {
      const engine = make();
      gc();
      const t0 = process.hrtime.bigint();
      engine.run(0, n);
      const ns = Number(process.hrtime.bigint() - t0);
      rates[k].push(n / (ns / 1e9));
      lastRun[k] = engine;
    });
  }
  return contenders.map(([name, make], k) => {
    // Latency in a separate pass: reading the clock around every op would distort the throughput runs.
    const engine = make();
    const lat = new Float64Array(n);
    gc();
    for (let i = 0; i < n; i++) {
      const t0 = process.hrtime.bigint();
      engine.run(i, i + 1);
      lat[i] = Number(process.hrtime.bigint() - t0);
    }
    return {
      name,
      ops: n,
      opsPerSecond: median(rates[k]),
      p50us: quantile(lat, n, 0.5) / 1e3,
      p99us: quantile(lat, n, 0.99) / 1e3,
      p999us: quantile(lat, n, 0.999) / 1e3,
      tradedLots: lastRun[k].tradedLots(),
      resting: lastRun[k].restingOrders(),
    };
  });
}

const stream = generateStream({ ...DEFAULT_SHAPE, ops });
const ids = stringIds(stream);
console.log('== matching engine: OrderBook vs hft-limit-order-book vs ReferenceEngine ==');
console.log(machineInfo());
console.log(
  `stream: ${ops.toLocaleString('en-US')} ops, seed ${DEFAULT_SHAPE.seed}, mix 60% limit / 30% cancel / 10% market, ` +
    `${DEFAULT_SHAPE.users} users; median of ${runs} interleaved runs after a ${WARMUP_OPS.toLocaleString('en-US')}-op warm-up`,
);

const oursFull: Contender = ['ours (OrderBook)', () => ADAPTERS.ours(stream)];
const [ours, hft] = measure([oursFull, ['hft-limit-order-book 7', () => ADAPTERS.hft(stream, ids)]], ops);
console.log('\nfull stream:\n' + table([ours, hft]));

const [oursPrefix, ref] = measure(
  [oursFull, ['ReferenceEngine (naive)', () => ADAPTERS.reference(stream)]],
  refOps,
);
console.log(
  `\nfirst ${refOps.toLocaleString('en-US')} ops only (the naive reference is O(book) per op):\n` +
    table([oursPrefix, ref]),
);

// The two engines of ours must agree exactly on the prefix (the property tests check this in depth).
const a = ADAPTERS.ours(stream);
const b = ADAPTERS.reference(stream);
a.run(0, refOps);
b.run(0, refOps);
const agree = a.tradedLots() === b.tradedLots() && a.depth() === b.depth();

const vsHft = ours.opsPerSecond / hft.opsPerSecond;
const vsRef = oursPrefix.opsPerSecond / ref.opsPerSecond;
console.log('\nratios (throughput):');
console.log(
  `  ours / hft-limit-order-book = ${vsHft.toFixed(2)}×   (p99 ${(hft.p99us / ours.p99us).toFixed(2)}× lower)`,
);
console.log(
  `  ours / ReferenceEngine      = ${vsRef.toFixed(1)}×   (on the ${refOps.toLocaleString('en-US')}-op prefix)`,
);
console.log(`  ours and reference agree on the prefix (traded lots + depth): ${agree ? 'yes' : 'NO'}`);
console.log(
  `targets: ≥ 1,000,000 ops/s ${ours.opsPerSecond >= 1e6 ? 'met' : 'NOT met'}; ` +
    `≥ 5× hft-limit-order-book ${vsHft >= 5 ? 'met' : 'NOT met'}`,
);
if (!agree) process.exitCode = 1;
