/**
 * Timed-option settlement: 100k options expiring across 1,000 instants (100 per instant), settled by
 * the option service from stored spot trades, one writer command per instant (as the server's timer
 * does) with one netted ledger transaction per result. Each mode runs on both engines side by side:
 * SQLite (writer and read connection, as the server's `openDatabase` opens them, a file database with
 * `synchronous=FULL`), then PostgreSQL (a fresh database with the server's migrations,
 * `synchronous_commit` as the server runs it); bench/bench-engines.ts opens them. The aim: ≥ 50,000
 * options/s settled in a burst (the `load` runs) on SQLite; PostgreSQL's figure is printed beside it.
 * Trades are stored progressively, as the market makes them, so each instant is settled when its
 * trades exist (and a few later ones). Also: the exit-trade lookup (indexed, newest first) against a
 * naive scan of the market's trades, printed as a ratio.
 * Run: `npm run bench -- second`. Env: BENCH_OPTIONS (default 100000), BENCH_INSTANTS (1000),
 * BENCH_AUTHORITY (the ledger's balances, `database` as the server's default, or `memory`),
 * BENCH_MODE (live, catchup or load: one mode only), BENCH_RATE (the offered burst, default 50000/s),
 * BENCH_MEMORY=1 (SQLite in memory), BENCH_NO_TS_INDEX=1 (without the (symbol, ts) index), BENCH_PG=0
 * (SQLite only), BENCH_DATABASE_URL (the PostgreSQL server to create the bench database on).
 */
import { seededRandom, toUnits, type PairInfo } from '../domain';
import { exitTradeOf, type SecondTerms } from '../domain/second-rules';
import { sql, statementsOf, type EngineName } from '../server/db';
import { LEAN_INDEX_DDL } from '../server/db/migrations/010-lean-indexes';
import { LEDGER_DDL, Ledger, WORLD_USER_ID, ledgerViolations, type BalanceAuthority } from '../server/ledger';
import { TradeTape } from '../server/market/trade-tape';
import { OptionService } from '../server/second/option-service';
import { SECOND_DDL } from '../server/second/schema';
import { SECOND_SETTLEMENT_DDL } from '../server/second/settlement-schema';
import { SPOT_DDL } from '../server/trade/schema';
import {
  BENCH_ENGINES,
  againstAim,
  machineLine,
  onMachine,
  openBenchPostgres,
  openBenchSqlite,
  storeSpotTrades,
  type BenchEngine,
} from './bench-engines';

const OPTIONS = Number(process.env.BENCH_OPTIONS ?? 100_000);
const INSTANTS = Number(process.env.BENCH_INSTANTS ?? 1_000);
const USERS = 1_000;
const SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'XRP/USDT'];
/** Trades per second per market. */
const TRADE_RATE = 20;
const DURATIONS = [30, 60, 120, 300];
const BASE = 1_700_000_000_000;
/** Options settled per second in a burst, the aim on SQLite. */
const AIM = 50_000;
const queries = {
  results: sql<[], { result: string; n: number }>(
    `select result, count(*) as n from second_settlements group by result order by result`,
    (r) => ({ result: String(r.result), n: Number(r.n) }),
  ),
  dropTsIndex: sql(`drop index spot_trades_symbol_ts`),
};

const pairs: PairInfo[] = SYMBOLS.map((symbol) => ({
  symbol,
  base: symbol.split('/')[0]!,
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.001',
  minNotional: '1',
  makerFee: '0.001',
  takerFee: '0.001',
  status: 'trading',
}));
const terms: SecondTerms = {
  coin: 'USDT',
  pairs: SYMBOLS,
  durations: DURATIONS.map((seconds) => ({
    seconds,
    payoutRate: '0.85',
    minStake: '10',
    maxStake: '1000',
    exposureCap: '1000000000',
  })),
  stakeDecimals: 2,
  staleMs: 60_000,
  demoGrant: '1',
};

interface T {
  id: number;
  symbol: string;
  ts: number;
  priceTicks: number;
}

/** CPU milliseconds (user + system) since `since`. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

/**
 * How settlement runs: `live`, one call per instant (a quiet market: each instant commits alone);
 * `catchup`, one call for everything (a restart); `load`, the timer under a burst: instants fall due
 * at `rate` options per second of wall time and each call settles whatever is due by then: at
 * BENCH_RATE (default 50k/s, the aim) to see that it keeps up and with what lag, and at 1M/s, faster
 * than it can go, to see its capacity.
 */
type Mode = 'live' | 'catchup' | 'load';
const RATE = Number(process.env.BENCH_RATE ?? 50_000);
const FLOOD_RATE = 1_000_000;
const AUTHORITY = (process.env.BENCH_AUTHORITY ?? 'database') as BalanceAuthority;

/** A fresh database of `kind` with the tables of the ledger, spot trades and options, and the users. */
async function openDb(kind: EngineName): Promise<BenchEngine> {
  const db =
    kind === 'postgres'
      ? await openBenchPostgres(USERS)
      : openBenchSqlite({
          // BENCH_MEMORY=1: an in-memory database, the CPU ceiling with no disk at all.
          memory: process.env.BENCH_MEMORY === '1',
          ddl: [...LEDGER_DDL, ...SPOT_DDL, ...LEAN_INDEX_DDL, ...SECOND_DDL, ...SECOND_SETTLEMENT_DDL],
          users: USERS,
        });
  // BENCH_NO_TS_INDEX=1 measures the exit lookup without the migration's (symbol, ts) index.
  if (process.env.BENCH_NO_TS_INDEX === '1') {
    const q = statementsOf(db.engine, queries);
    await db.engine.writer.run(() => q.dropTsIndex.run());
  }
  return db;
}

/** One session on a fresh database: trades, placements and settlement in the given mode. */
async function session(
  kind: EngineName,
  mode: Mode,
  rate = RATE,
): Promise<{ perSec: number; settings: string }> {
  const db = await openDb(kind);
  const { engine } = db;
  const q = statementsOf(engine, queries);

  const rand = seededRandom(11);
  // Trades from the earliest accept (first expiry − longest duration) to past the last expiry.
  const start = BASE - 300_000 - 1_000;
  const end = BASE + INSTANTS * 1_000 + 2_000;
  const trades: T[] = [];
  const price = new Map(SYMBOLS.map((s) => [s, 6_400_000]));
  for (let ts = start; ts < end; ts += Math.round(1000 / TRADE_RATE)) {
    for (const symbol of SYMBOLS) {
      // Small steps and many repeats, so up, down and equal all happen.
      const p = price.get(symbol)! + Math.floor(rand() * 3) - 1;
      price.set(symbol, p);
      trades.push({ id: trades.length + 1, symbol, ts, priceTicks: p });
    }
  }
  let stored = 0;

  // Setup (not timed): the users' option balances, the options with entries and frozen stakes.
  const ledger = await Ledger.open(engine, AUTHORITY);
  await engine.writer.run(async () => {
    for (let u = 1; u <= USERS; u++) {
      await ledger.transfer(
        { kind: 'bench.grant', refType: 'bench', refId: '0', actor: 'bench' },
        { userId: WORLD_USER_ID, account: 'second', coin: 'USDT' },
        { userId: u, account: 'second', coin: 'USDT' },
        toUnits('1000000'),
      );
    }
  });
  const bySymbol = new Map(SYMBOLS.map((s) => [s, trades.filter((t) => t.symbol === s)]));
  let clock = start;
  const tape = await TradeTape.open(engine, pairs, () => clock);
  const service = new OptionService(engine, ledger, tape, terms, SYMBOLS, () => clock);

  // Orders to place: 100 expiring at each instant, accepted `duration` earlier.
  const plan = Array.from({ length: OPTIONS }, (_, i) => {
    const expiresAt = BASE + (i % INSTANTS) * 1_000;
    const seconds = DURATIONS[i % DURATIONS.length]!;
    return {
      acceptedAt: expiresAt - seconds * 1_000,
      // 100 different users at each instant: no two options of one instant share a holder to net.
      userId: 1 + (((i % INSTANTS) + Math.floor(i / INSTANTS) * 7) % USERS),
      req: {
        symbol: SYMBOLS[(i >> 2) % SYMBOLS.length]!,
        seconds,
        direction: i % 2 ? ('up' as const) : ('down' as const),
        stake: String(10 + (i % 90)),
      },
    };
  }).sort((x, y) => x.acceptedAt - y.acceptedAt);

  /**
   * Stores (in one writer command, never while a settlement runs) and records on the tape the trades
   * up to `ts`, as the spot area does after a batch.
   */
  async function tradesUpTo(ts: number): Promise<void> {
    const from = stored;
    while (stored < trades.length && trades[stored]!.ts <= ts) stored++;
    const batch = trades.slice(from, stored);
    await storeSpotTrades(engine, batch);
    tape.record(batch.map((t) => ({ ...t, lots: 1 })));
  }

  // Second by second: trades, then placements of that second (not timed, through the real place(),
  // all queued at once so they share a group commit), then the settlement of what is due (timed: the
  // timer's work, one command).
  let placed = 0;
  let settled = 0;
  let settleMs = 0;
  let settleCpuMs = 0;
  let loadReport = '';
  let placeMs = 0;
  const placeSecond = async (until: number) => {
    const pending: Promise<unknown>[] = [];
    const s = performance.now();
    while (placed < plan.length && plan[placed]!.acceptedAt < until) {
      const p = plan[placed++]!;
      // place() reads the clock when called: the acceptance instant, before its command runs.
      clock = p.acceptedAt;
      pending.push(service.place(p.userId, p.req));
    }
    await Promise.all(pending);
    placeMs += performance.now() - s;
  };
  const t0 = performance.now();
  for (let second = start; second <= end; second += 1_000) {
    await tradesUpTo(second);
    await placeSecond(second + 1_000);
    clock = second + 1;
    if (mode !== 'live') continue;
    const s = performance.now();
    const c = process.cpuUsage();
    settled += (await service.settleDue(clock)).length;
    settleMs += performance.now() - s;
    settleCpuMs += cpuMs(c);
  }
  await tradesUpTo(end + 10_000);
  clock = end + 10_000;
  if (mode === 'load') {
    const r = await settleAtRate(service, rate);
    settled += r.settled;
    settleMs += r.ms;
    settleCpuMs += r.cpuMs;
    loadReport = r.report;
  } else {
    // Catch-up: everything expired while the timer was not running, settled in one call (a restart).
    const s1 = performance.now();
    const c1 = process.cpuUsage();
    settled += (await service.settleDue(clock)).length;
    if (mode === 'catchup') {
      settleMs += performance.now() - s1;
      settleCpuMs += cpuMs(c1);
    }
  }
  console.log(
    `${mode} on ${kind}: ${placed} options placed and ${trades.length} trades in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `placing alone ${(placeMs / 1000).toFixed(1)} s, ${Math.round(placed / (placeMs / 1000))} options/s ` +
      `(through place(), each second's placings queued at once: one group commit)`,
  );
  const counts = await q.results.all();
  const perSec = settled / (settleMs / 1000);
  console.log(
    `  ${mode} on ${kind}: settled ${settled} options expiring across ${INSTANTS} instants in ${(settleMs / 1000).toFixed(2)} s, ` +
      `durable, ledger included (${
        mode === 'live'
          ? 'one command per instant, as the timer runs in a quiet market'
          : mode === 'catchup'
            ? 'one command, as after a restart'
            : `the timer under a burst: ${rate} expiries/s offered`
      }): ${
        mode === 'load'
          ? againstAim(perSec, AIM, 'options/s', db.settings)
          : `${Math.round(perSec).toLocaleString('en-US')} options/s ${onMachine(db.settings)}`
      }`,
  );
  console.log(
    `  CPU time of settlement in this process ${(settleCpuMs / 1000).toFixed(2)} s: ` +
      `${Math.round(settled / (settleCpuMs / 1000))} options per CPU second (the rest of the wall time is ` +
      `waiting for the database: the disk's fsync, and on PostgreSQL its server's work and the round trips)`,
  );
  if (loadReport) console.log(loadReport);
  console.log(`  results: ${counts.map((c) => `${c.result} ${c.n}`).join(', ')}`);

  // Exit lookup: the tape's indexed query against a naive scan of the market's trades (as stored now).
  const sample = 2_000;
  let sink = 0;
  const q0 = performance.now();
  for (let i = 0; i < sample; i++) {
    const expiresAt = BASE + ((i * 37) % INSTANTS) * 1_000;
    sink += (await tape.atOrBefore(SYMBOLS[i % SYMBOLS.length]!, expiresAt))!.id;
  }
  const indexedUs = ((performance.now() - q0) * 1000) / sample;
  const n0 = performance.now();
  for (let i = 0; i < sample; i++) {
    const expiresAt = BASE + ((i * 37) % INSTANTS) * 1_000;
    sink -= exitTradeOf(bySymbol.get(SYMBOLS[i % SYMBOLS.length]!)!, expiresAt)!.id;
  }
  const naiveUs = ((performance.now() - n0) * 1000) / sample;
  if (sink !== 0) throw new Error('indexed and naive lookups disagree');
  console.log(
    `  exit lookup: indexed ${indexedUs.toFixed(1)} µs, naive scan of ${bySymbol.get(SYMBOLS[0]!)!.length} ` +
      `trades ${naiveUs.toFixed(1)} µs: indexed/naive speed ${(naiveUs / indexedUs).toFixed(1)}× (lookups agree)`,
  );
  const problems = await ledgerViolations(engine);
  if (problems.length) throw new Error(`ledger violations on ${kind}: ${problems.slice(0, 3).join('; ')}`);
  console.log(`  ledger invariants hold on ${kind}`);
  await db.close();
  return { perSec, settings: db.settings };
}

/**
 * The timer under load: instant k (expiry BASE + k s) falls due `k × 100 / rate` seconds of wall
 * time after the start, and the loop settles, like the server's timer, everything due by the wall
 * clock each time it runs. Prints the lag from falling due to committed, per option.
 */
async function settleAtRate(service: OptionService, rate: number) {
  const perInstant = OPTIONS / INSTANTS;
  const msPerInstant = (perInstant / rate) * 1000;
  const lags: number[] = [];
  let settled = 0;
  let batches = 0;
  const c = process.cpuUsage();
  const t0 = performance.now();
  while (settled < OPTIONS) {
    const dueInstants = Math.min(INSTANTS, Math.floor((performance.now() - t0) / msPerInstant) + 1);
    const rows = await service.settleDue(BASE + (dueInstants - 1) * 1_000 + 1);
    if (rows.length === 0) continue;
    batches++;
    const done = performance.now() - t0;
    for (const row of rows) lags.push(done - ((row.expiresAt - BASE) / 1_000) * msPerInstant);
    settled += rows.length;
  }
  const ms = performance.now() - t0;
  lags.sort((a, b) => a - b);
  const pct = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))]!.toFixed(1);
  return {
    settled,
    ms,
    cpuMs: cpuMs(c),
    report:
      `  burst of ${OPTIONS} expiries offered over ${((INSTANTS * msPerInstant) / 1000).toFixed(2)} s: ` +
      `${batches} settlement commands (${(settled / batches).toFixed(0)} options each); lag from expiry ` +
      `to commit p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms`,
  };
}

console.log(`${machineLine()}; ${OPTIONS} options across ${INSTANTS} instants, ${AUTHORITY} authority`);
const only = process.env.BENCH_MODE as Mode | undefined;
const runs: [Mode, number][] = [
  ['live', RATE],
  ['catchup', RATE],
  ['load', RATE],
  ['load', FLOOD_RATE],
];
/** The burst's capacity (the timer flooded) per engine, with the engine's settings. */
const burst: string[] = [];
for (const [mode, rate] of runs) {
  if (only && only !== mode) continue;
  for (const kind of BENCH_ENGINES) {
    const r = await session(kind, mode, rate);
    if (mode === 'load' && rate === FLOOD_RATE)
      burst.push(`${kind} ${againstAim(r.perSec, AIM, 'options/s', r.settings)}`);
  }
}
if (burst.length) console.log(`burst capacity (${FLOOD_RATE} expiries/s offered): ${burst.join('; ')}`);
