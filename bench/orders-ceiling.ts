/**
 * What bounds the spot path on this machine, whatever the writer's design: the two halves of a
 * command measured apart.
 * - The main thread alone: the mixed stream through the order service with its writes dropped (no
 *   SQL runs; reads still do), memory authority. This is the most a pipelined writer could reach,
 *   with every write handed to another thread at no cost.
 * - The writes alone: every statement the writer ran for the same stream (recorded, then replayed
 *   batch by batch on a fresh database of the engine, one connection, nothing else running). This is
 *   the most the database's one writer connection can take, with no JavaScript in front of it.
 * A pipeline overlaps the two on two cores, so it reaches at most the slower one; and whatever the
 * design, the CPU both halves need per command, shared by this machine's cores, bounds the rate.
 */
import fs from 'node:fs';
import type { PairInfo } from '../domain';
import type { AnyDef, Conn } from '../server/db/conn';
import { openBenchDb, type BenchDbKind } from './orders-db';

/** CPU seconds used so far by every process named `postgres` on this machine (backends, WAL writer). */
function postgresCpuSeconds(): number {
  const tick = 100; // USER_HZ: /proc's clock ticks per second on Linux
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // The process ended while we read.
    }
  }
  return ticks / tick;
}

/** CPU seconds of this Node process so far (SQLite's work runs in it). */
function ownCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** One recorded writer statement: a write, or transaction control. */
type Recorded = { def: AnyDef; params: readonly unknown[] } | { exec: string };

/** Wraps the writer connection's writes: drops them (`drop`) or records them into `into`. */
function interceptWrites(conn: Conn, mode: { drop: boolean; into?: Recorded[] }): void {
  const run = conn.run.bind(conn);
  const exec = conn.exec.bind(conn);
  conn.run = (def, params, bigints) => {
    if (mode.drop) return Promise.resolve({ changes: 1, lastId: 0 });
    mode.into?.push({ def, params });
    return run(def, params, bigints);
  };
  conn.exec = (text) => {
    mode.into?.push({ exec: text });
    return exec(text);
  };
}

/** Commands of a stream, sent 500 at a time as the orders bench sends them. */
export type SendStream = (open: Awaited<ReturnType<typeof openBenchDb>>) => Promise<number>;

/**
 * The main thread's rate without SQL writes (commands/s) and its CPU per command (µs): SQLite in
 * memory, memory authority, so the only reads left are the batch's client-id look-ups (which find
 * nothing, as nothing was written).
 */
export async function mainThreadOnly(
  pair: PairInfo,
  commands: number,
  send: SendStream,
): Promise<{ rate: number; cpuMicros: number }> {
  const open = await openBenchDb('sqlite-memory', 'memory', pair);
  interceptWrites(open.engine.writer.conn, { drop: true });
  const cpu0 = ownCpuSeconds();
  const rate = await send(open);
  const cpuMicros = ((ownCpuSeconds() - cpu0) / commands) * 1e6;
  await open.close();
  return { rate, cpuMicros };
}

/**
 * Records the writer's statements while `send` runs the stream on `where` (memory authority), then
 * replays them on a fresh database of the same kind; returns the replay's rate in commands/s.
 */
export async function writesOnly(
  pair: PairInfo,
  where: BenchDbKind,
  commands: number,
  send: SendStream,
): Promise<{
  rate: number;
  /** CPU per command (µs): the database server's and this process's (the driver, or SQLite itself). */
  cpuMicros: number;
  /** Of that, the database server's processes (PostgreSQL; 0 for SQLite, which runs in this process). */
  serverMicros: number;
  statements: number;
  batches: number;
  settings: string;
}> {
  const recorded: Recorded[] = [];
  const first = await openBenchDb(where, 'memory', pair);
  interceptWrites(first.engine.writer.conn, { drop: false, into: recorded });
  await send(first);
  await first.close();
  // The same set-up (users, grants) on a fresh database, so the recorded ids follow on from it.
  const second = await openBenchDb(where, 'memory', pair);
  const conn = second.engine.writer.conn;
  await second.engine.writer.idle();
  // Replaying on PostgreSQL, the database's CPU is the server's processes; on SQLite it is this one.
  const server = where === 'postgres' ? postgresCpuSeconds : () => 0;
  const server0 = server();
  const own0 = ownCpuSeconds();
  const t0 = process.hrtime.bigint();
  for (const r of recorded) {
    if ('exec' in r) await conn.exec(r.exec);
    else await conn.run(r.def, r.params, false);
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const serverMicros = ((server() - server0) / commands) * 1e6;
  const cpuMicros = serverMicros + ((ownCpuSeconds() - own0) / commands) * 1e6;
  const batches = recorded.filter((r) => 'exec' in r && r.exec === 'commit').length;
  await second.close();
  return {
    rate: commands / secs,
    cpuMicros,
    serverMicros,
    statements: recorded.filter((r) => !('exec' in r)).length,
    batches,
    settings: second.settings,
  };
}
