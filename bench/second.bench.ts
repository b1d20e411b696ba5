/**
 * Timed-option settlement: 100k options expiring across 1,000 instants (100 per instant), settled by
 * the option service from stored spot trades, one writer command per instant (as the server's timer
 * does) with one netted ledger transaction per result, on the SQLite engine (writer and read
 * connection, as the server's `openDatabase` opens them) of a file database with `synchronous=FULL`.
 * Trades are stored progressively, as the market makes them, so each instant is settled when its
 * trades exist (and a few later ones). Also: the exit-trade lookup (indexed, newest first) against a
 * naive scan of the market's trades, printed as a ratio.
 * Run: `npm run bench -- second`. Env: BENCH_OPTIONS (default 100000), BENCH_INSTANTS (1000),
 * BENCH_AUTHORITY (the ledger's balances, `database` as the server's default, or `memory`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRandom, toUnits, type PairInfo } from '../domain';
import { exitTradeOf, type SecondTerms } from '../domain/second-rules';
import SQLite from 'better-sqlite3';
import { LEAN_INDEX_DDL } from '../server/db/migrations/010-lean-indexes';
import { sqliteEngine } from '../server/db/module';
import { LEDGER_DDL, Ledger, WORLD_USER_ID, ledgerViolations, type BalanceAuthority } from '../server/ledger';
import { TradeTape } from '../server/market/trade-tape';
import { OptionService } from '../server/second/option-service';
import { SECOND_DDL } from '../server/second/schema';
import { SECOND_SETTLEMENT_DDL } from '../server/second/settlement-schema';
import { SPOT_DDL } from '../server/trade/schema';

const OPTIONS = Number(process.env.BENCH_OPTIONS ?? 100_000);
const INSTANTS = Number(process.env.BENCH_INSTANTS ?? 1_000);
const USERS = 1_000;
const SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'XRP/USDT'];
/** Trades per second per market. */
const TRADE_RATE = 20;
const DURATIONS = [30, 60, 120, 300];
const BASE = 1_700_000_000_000;

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

/** One session: trades, placements and settlement in the given mode. */
async function session(mode: Mode, rate = RATE): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-second-'));
  // BENCH_MEMORY=1: an in-memory database, the CPU ceiling with no disk at all.
  const file = process.env.BENCH_MEMORY === '1' ? ':memory:' : path.join(dir, 'bench.sqlite');
  // The writer's handle; the bench uses it directly for the set-up rows only (users, stored trades),
  // never while a batch runs.
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  sqlite.exec('create table users (id integer primary key)');
  for (const stmt of [...LEDGER_DDL, ...SPOT_DDL, ...LEAN_INDEX_DDL, ...SECOND_DDL, ...SECOND_SETTLEMENT_DDL])
    sqlite.exec(stmt);
  // BENCH_NO_TS_INDEX=1 measures the exit lookup without the migration's (symbol, ts) index.
  if (process.env.BENCH_NO_TS_INDEX === '1') sqlite.exec('drop index spot_trades_symbol_ts');
  // Reads on a second connection, as the server's: in WAL mode it sees only committed data.
  const reader = file === ':memory:' ? sqlite : new SQLite(file, { readonly: true });
  const engine = sqliteEngine(sqlite, reader);

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
  const insertTrade = sqlite.prepare(
    `insert into spot_trades (id, symbol, price_ticks, lots, quote_units, taker_side, maker_order_id,
       taker_order_id, maker_user_id, taker_user_id, maker_fee_units, taker_fee_units, ts)
     values (?, ?, ?, 1, 1, 'buy', 0, 0, 0, 0, 0, 0, ?)`,
  );
  let stored = 0;
  const storeUpTo = sqlite.transaction((ts: number) => {
    while (stored < trades.length && trades[stored]!.ts <= ts) {
      const t = trades[stored++]!;
      insertTrade.run(t.id, t.symbol, t.priceTicks, t.ts);
    }
  });

  // Setup (not timed): users, their option balances, the options with entries and frozen stakes.
  const insertUser = sqlite.prepare('insert into users (id) values (?)');
  sqlite.transaction(() => {
    for (let u = 1; u <= USERS; u++) insertUser.run(u);
  })();
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

  /** Stores (and records on the tape) the trades up to `ts`, as the spot area does after a batch. */
  function tradesUpTo(ts: number): void {
    const from = stored;
    storeUpTo(ts);
    tape.record(trades.slice(from, stored).map((t) => ({ ...t, lots: 1 })));
  }

  // Second by second: trades, then placements of that second (not timed, through the real place(),
  // all queued at once so they share a group commit), then the settlement of what is due (timed: the
  // timer's work, one command).
  let placed = 0;
  let settled = 0;
  let settleMs = 0;
  let settleCpuMs = 0;
  let loadReport = '';
  const placeSecond = async (until: number) => {
    const pending: Promise<unknown>[] = [];
    while (placed < plan.length && plan[placed]!.acceptedAt < until) {
      const p = plan[placed++]!;
      // place() reads the clock when called: the acceptance instant, before its command runs.
      clock = p.acceptedAt;
      pending.push(service.place(p.userId, p.req));
    }
    await Promise.all(pending);
  };
  const t0 = performance.now();
  for (let second = start; second <= end; second += 1_000) {
    tradesUpTo(second);
    await placeSecond(second + 1_000);
    clock = second + 1;
    if (mode !== 'live') continue;
    const s = performance.now();
    const c = process.cpuUsage();
    settled += (await service.settleDue(clock)).length;
    settleMs += performance.now() - s;
    settleCpuMs += cpuMs(c);
  }
  tradesUpTo(end + 10_000);
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
    `session: ${placed} options placed and ${trades.length} trades in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const counts = sqlite
    .prepare(`select result, count(*) as n from second_settlements group by result order by result`)
    .all() as { result: string; n: number }[];
  console.log(
    `${mode}: settled ${settled} options expiring across ${INSTANTS} instants in ${(settleMs / 1000).toFixed(2)} s: ` +
      `${Math.round(settled / (settleMs / 1000))} options/s, durable, ledger included (${
        mode === 'live'
          ? 'one command per instant, as the timer runs in a quiet market'
          : mode === 'catchup'
            ? 'one command, as after a restart'
            : `the timer under a burst: ${rate} expiries/s offered`
      })`,
  );
  console.log(
    `  CPU time of settlement ${(settleCpuMs / 1000).toFixed(2)} s: ${Math.round(settled / (settleCpuMs / 1000))} ` +
      `options per CPU second (the rest of the wall time is waiting for the disk's fsync)`,
  );
  if (loadReport) console.log(loadReport);
  console.log(`results: ${counts.map((c) => `${c.result} ${c.n}`).join(', ')}`);

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
    `exit lookup: indexed ${indexedUs.toFixed(1)} µs, naive scan of ${bySymbol.get(SYMBOLS[0]!)!.length} ` +
      `trades ${naiveUs.toFixed(1)} µs: ${(naiveUs / indexedUs).toFixed(1)}× faster (lookups agree)`,
  );
  const problems = await ledgerViolations(engine);
  if (problems.length) throw new Error(`ledger violations: ${problems.slice(0, 3).join('; ')}`);
  console.log('ledger invariants hold');
  await engine.close();
  if (reader !== sqlite) reader.close();
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
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

const only = process.env.BENCH_MODE as Mode | undefined;
for (const mode of ['live', 'catchup', 'load'] as const) if (!only || only === mode) await session(mode);
if (!only || only === 'load') await session('load', FLOOD_RATE);
