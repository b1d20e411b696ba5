import os from 'node:os';

/** What one engine measured on one stream. */
export interface EngineFigures {
  readonly name: string;
  /** Operations in the measured stream. */
  readonly ops: number;
  /** Median throughput over the repeated runs, in operations per second. */
  readonly opsPerSecond: number;
  /** Per-operation latency percentiles, in microseconds. */
  readonly p50us: number;
  readonly p99us: number;
  readonly p999us: number;
  /** Σ lots traded by incoming orders (sanity check across engines). */
  readonly tradedLots: number;
  /** Orders resting at the end. */
  readonly resting: number;
}

/** CPU model, core count, memory, Node and V8 versions, for reading the numbers in context. */
export function machineInfo(): string {
  const cpus = os.cpus();
  const memGiB = (os.totalmem() / 2 ** 30).toFixed(1);
  return [
    `cpu:  ${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    `mem:  ${memGiB} GiB, ${os.platform()} ${os.release()} ${os.arch()}`,
    `node: ${process.version} (v8 ${process.versions.v8})`,
  ].join('\n');
}

/** The q-quantile (0..1) of the first `n` samples (sorts a copy; nearest-rank). */
export function quantile(samples: Float64Array, n: number, q: number): number {
  const sorted = samples.slice(0, n).sort();
  return sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))];
}

/** The median of a few numbers. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** A fixed-width table of figures. */
export function table(rows: readonly EngineFigures[]): string {
  const head = ['engine', 'ops', 'ops/s', 'p50 µs', 'p99 µs', 'p99.9 µs', 'traded lots', 'resting'];
  const body = rows.map((r) => [
    r.name,
    r.ops.toLocaleString('en-US'),
    Math.round(r.opsPerSecond).toLocaleString('en-US'),
    r.p50us.toFixed(2),
    r.p99us.toFixed(2),
    r.p999us.toFixed(2),
    r.tradedLots.toLocaleString('en-US'),
    r.resting.toLocaleString('en-US'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
