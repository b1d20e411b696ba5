/**
 * Lever trigger evaluation: the cost of one spot trade against N open positions, with the
 * price-sorted trigger book (server/lever/trigger-book.ts) and with a naive scan of every position.
 * Each position has a take-profit, a stop-loss and a liquidation trigger; the price walks a few ticks
 * per trade, so a trade fires few triggers (a fired position is replaced by a new one, keeping N).
 * Prints trades per second and the ratios; the aim is ≥ 50k trades/s at 100k positions.
 *
 * Then the same on each engine side by side: the lever service on the SQLite writer (a file database
 * with `synchronous=FULL` unless BENCH_MEMORY=1), then on PostgreSQL (a fresh database with the
 * server's migrations; BENCH_PG=0 skips it, BENCH_DATABASE_URL names the server), with
 * BENCH_LEVER_POSITIONS open positions (default 100,000, each with take-profit, stop-loss and
 * liquidation), fed BENCH_LEVER_TRADES trades (default 20,000) in spot batches of 100 as the tape
 * does: a batch that reaches no trigger costs no command, one that does is one sweep command. Fired
 * positions are not replaced there. Each figure is printed with its aim, the ratio, the core count
 * and the engine's settings. BENCH_AUTHORITY: the ledger's balances (`database`, the server's
 * default, or `memory`).
 * Run: `npm run bench -- lever`.
 */
import { againstAim, machineLine } from './bench-engines';
import { leverEngineBench } from './lever-engine';
import { TriggerBook, type Trigger } from '../server/lever/trigger-book';

interface Pos {
  long: boolean;
  tp: number;
  sl: number;
  liq: number;
  version: number;
  live: boolean;
}

const START = 6_400_000; // 64 000.00 in ticks of 0.01
let seed = 42;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

// A top-level function, not a closure per position: tsx wraps every closure it creates in a naming
// helper, which cost the bench about a tenth of its time and is no part of the server's work.
const away = (price: number, f: number) => Math.max(1, Math.floor(price * f * (0.2 + rand())));

function makePos(price: number): Pos {
  const long = rand() < 0.5;
  const s = long ? 1 : -1;
  return {
    long,
    tp: price + s * away(price, 0.02),
    sl: price - s * away(price, 0.01),
    liq: price - s * away(price, 0.05),
    version: 1,
    live: true,
  };
}

function pushAll(book: TriggerBook, id: number, p: Pos): void {
  book.add(p.long ? 'up' : 'down', p.tp, id, 'tp', p.version);
  book.add(p.long ? 'down' : 'up', p.sl, id, 'sl', p.version);
  book.add(p.long ? 'down' : 'up', p.liq, id, 'liquidation', p.version);
}

function walk(n: number, step: number): number[] {
  const out: number[] = [];
  let p = START;
  for (let i = 0; i < n; i++) out.push((p += Math.floor(rand() * (2 * step + 1)) - step));
  return out;
}

function benchBook(n: number, trades: number[]): { perSec: number; fired: number } {
  const book = new TriggerBook();
  const pos: Pos[] = [];
  for (let i = 0; i < n; i++) pushAll(book, i, (pos[i] = makePos(START)));
  const isLive = (t: Trigger) => pos[t.orderId]!.version === t.version;
  let fired = 0;
  const t0 = performance.now();
  for (const price of trades) {
    for (let t = book.next(price, isLive); t; t = book.next(price, isLive)) {
      fired++;
      const version = pos[t.orderId]!.version + 1;
      const p = (pos[t.orderId] = makePos(price));
      p.version = version;
      pushAll(book, t.orderId, p);
      // As the service does: drop stale triggers once they outnumber the live ones.
      if (book.size > 6 * n + 1024) book.compact(isLive);
    }
  }
  const ms = performance.now() - t0;
  return { perSec: (trades.length / ms) * 1000, fired };
}

function benchNaive(n: number, trades: number[]): { perSec: number; fired: number } {
  const pos: Pos[] = [];
  for (let i = 0; i < n; i++) pos.push(makePos(START));
  let fired = 0;
  const t0 = performance.now();
  for (const price of trades) {
    for (let i = 0; i < pos.length; i++) {
      const p = pos[i]!;
      const hit = p.long
        ? price >= p.tp || price <= p.sl || price <= p.liq
        : price <= p.tp || price >= p.sl || price >= p.liq;
      if (hit) {
        fired++;
        pos[i] = makePos(price);
      }
    }
  }
  const ms = performance.now() - t0;
  return { perSec: (trades.length / ms) * 1000, fired };
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(machineLine());
// Warm both paths up once so the first size measured does not pay for the JIT.
benchBook(10_000, walk(50_000, 300));
benchNaive(1_000, walk(5_000, 300));

for (const [label, step] of [
  ['quiet market (±0.05 per trade, almost nothing fires)', 5],
  ['moving market (±3 per trade, the price wanders a few per cent)', 300],
] as const) {
  console.log(label);
  const perSec: Record<number, { book: number; naive: number }> = {};
  for (const n of [1_000, 100_000]) {
    seed = 7;
    const trades = walk(200_000, step);
    seed = 11;
    const book = benchBook(n, trades);
    seed = 11;
    const naive = benchNaive(n, trades.slice(0, n >= 100_000 ? 2_000 : 50_000));
    perSec[n] = { book: book.perSec, naive: naive.perSec };
    const secs = trades.length / book.perSec;
    const perFire =
      book.fired > 0
        ? ` (${(book.fired / trades.length).toFixed(2)} fired per trade, ${((secs * 1e6) / book.fired).toFixed(2)} µs per fired trigger incl. its replacement)`
        : '';
    console.log(
      `  ${fmt(n).padStart(7)} positions: sorted book ${fmt(book.perSec).padStart(11)} trades/s${perFire}` +
        ` | naive scan ${fmt(naive.perSec).padStart(9)} trades/s | book/naive ${(book.perSec / naive.perSec).toFixed(1)}×`,
    );
  }
  console.log(
    `  100k vs 1k positions: sorted book keeps ${(perSec[100_000]!.book / perSec[1_000]!.book).toFixed(2)}×` +
      ` of its throughput, naive scan ${(perSec[100_000]!.naive / perSec[1_000]!.naive).toFixed(4)}×`,
  );
  console.log(
    `  at 100k positions, sorted book: ${againstAim(perSec[100_000]!.book, 50_000, 'trades/s', 'in memory, no database')}`,
  );
}

await leverEngineBench();
