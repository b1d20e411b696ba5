/**
 * The engine part of `lever.bench.ts`: the lever service on the writer of each engine (SQLite, then
 * PostgreSQL unless BENCH_PG=0; bench/bench-engines.ts opens them) with N open positions, fed a random
 * walk of trades in spot batches, measured end to end (evaluation in memory, each sweep that fires
 * something committed as one command). See lever.bench.ts for the settings.
 */
import { toUnits } from '../domain';
import type { EngineName } from '../server/db';
import { LEDGER_DDL, Ledger, WORLD_USER_ID, ledgerViolations, type BalanceAuthority } from '../server/ledger';
import { LEVER_DDL, LEVER_OVERNIGHT_DAYS_DDL } from '../server/lever/schema';
import { LeverService } from '../server/lever/service';
import { DEFAULT_CATALOG } from '../server/market/catalog';
import { TradeTape, type TapeTrade } from '../server/market/trade-tape';
import { SPOT_DDL } from '../server/trade/schema';
import {
  BENCH_ENGINES,
  againstAim,
  openBenchPostgres,
  openBenchSqlite,
  storeSpotTrades,
} from './bench-engines';

const POSITIONS = Number(process.env.BENCH_LEVER_POSITIONS ?? 100_000);
const TRADES = Number(process.env.BENCH_LEVER_TRADES ?? 20_000);
const AUTHORITY = (process.env.BENCH_AUTHORITY ?? 'database') as BalanceAuthority;
const USERS = 1_000;
const SYMBOL = 'BTC/USDT';
/** Trades per spot batch handed to the tape. */
const BATCH = 100;
const START = 6_400_000; // 64 000.00 in ticks of 0.01
const T0 = 1_700_000_000_000;
/** Trades per second evaluated (and their closes committed) at 100k positions, the aim on SQLite. */
const AIM = 50_000;

let seed = 5;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
/** A price `f` (a fraction of the price, times 0.2 to 1.2) away from `price`, as a decimal string. */
const away = (price: number, f: number) => Math.max(1, Math.floor(price * f * (0.2 + rand())));
const decimal = (ticks: number) => (ticks / 100).toFixed(2);
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

/** One session on a fresh database of `kind`: `step` ticks at most per trade. */
async function session(kind: EngineName, label: string, step: number): Promise<void> {
  // The same positions and trades on each engine.
  seed = 5;
  const db =
    kind === 'postgres'
      ? await openBenchPostgres(USERS)
      : openBenchSqlite({
          memory: process.env.BENCH_MEMORY === '1',
          ddl: [...LEDGER_DDL, ...SPOT_DDL, ...LEVER_DDL, ...LEVER_OVERNIGHT_DAYS_DDL],
          users: USERS,
        });
  const { engine } = db;
  // The opening trade, stored (closes name it in their receipts); the stream's trades are not read back.
  await storeSpotTrades(engine, [{ id: 1, symbol: SYMBOL, priceTicks: START, ts: T0 }]);
  const ledger = await Ledger.open(engine, AUTHORITY);
  await engine.writer.run(async () => {
    for (let u = 1; u <= USERS; u++) {
      await ledger.transfer(
        { kind: 'bench.grant', refType: 'bench', refId: '0', actor: 'bench' },
        { userId: WORLD_USER_ID, account: 'lever', coin: 'USDT' },
        { userId: u, account: 'lever', coin: 'USDT' },
        toUnits('10000000'),
      );
    }
  });
  let clock = T0;
  const catalog = {
    ...DEFAULT_CATALOG,
    lever: {
      ...DEFAULT_CATALOG.lever,
      pairs: DEFAULT_CATALOG.lever.pairs.map((p) =>
        p.symbol === SYMBOL ? { ...p, maxExposureHands: 10 * POSITIONS } : p,
      ),
    },
  };
  const tape = await TradeTape.open(engine, catalog.pairs, () => clock);
  tape.record([{ id: 1, symbol: SYMBOL, priceTicks: START, lots: 1, ts: T0 }]);
  const lever = new LeverService(engine, ledger, catalog, tape, () => clock);
  await lever.load();
  await lever.catchUp();
  tape.onTrades((symbol: string, trades: readonly TapeTrade[]) => {
    lever.onTrades(symbol, trades).catch((err: unknown) => console.error('sweep failed', err));
  });

  // Set-up (not timed): the positions, opened and given take-profit and stop-loss, 2,000 commands at a time.
  const s0 = performance.now();
  for (let i = 0; i < POSITIONS; i += 2_000) {
    const chunk = Array.from({ length: Math.min(2_000, POSITIONS - i) }, (_, k) => i + k);
    const opened = await Promise.all(
      chunk.map((n) =>
        lever.open(1 + (n % USERS), {
          symbol: SYMBOL,
          side: rand() < 0.5 ? 'long' : 'short',
          type: 'market',
          // Liquidation 4 % to 16 % away: beyond every stop-loss.
          multiple: [5, 10, 20][n % 3]!,
          hands: 1,
        }),
      ),
    );
    await Promise.all(
      opened.map((o) => {
        const s = o.side === 'long' ? 1 : -1;
        return lever.setTpSl(
          o.userId,
          o.id,
          decimal(START + s * away(START, 0.02)),
          decimal(START - s * away(START, 0.01)),
        );
      }),
    );
  }
  const setupS = (performance.now() - s0) / 1000;

  const commands0 = engine.writer.stats.commands;
  const batches0 = engine.writer.stats.batches;
  let price = START;
  let id = 1;
  const t0 = performance.now();
  for (let done = 0; done < TRADES; done += BATCH) {
    const trades = [];
    for (let k = 0; k < BATCH; k++) {
      price += Math.floor(rand() * (2 * step + 1)) - step;
      clock += 1;
      trades.push({ id: ++id, symbol: SYMBOL, priceTicks: price, lots: 1, ts: clock });
    }
    tape.record(trades);
    await lever.idle();
  }
  const secs = (performance.now() - t0) / 1000;
  const sweeps = engine.writer.stats.commands - commands0;
  const closed = POSITIONS - lever.openRows().length;
  const problems = await ledgerViolations(engine);
  if (problems.length) throw new Error(`ledger violations on ${kind}: ${problems.slice(0, 3).join('; ')}`);
  console.log(
    `  ${label}, ${kind}: ${fmt(TRADES)} trades against ${fmt(POSITIONS)} positions in ${secs.toFixed(2)} s ` +
      `(set up in ${setupS.toFixed(1)} s); ${sweeps} sweep commands in ${engine.writer.stats.batches - batches0} ` +
      `commits closed ${fmt(closed)}` +
      (closed > 0 ? ` (${((secs * 1e6) / closed).toFixed(1)} µs per close, evaluation included)` : '') +
      `; ledger sound; ${againstAim(TRADES / secs, AIM, 'trades/s', db.settings)}`,
  );
  await db.close();
}

/** Both markets of the in-memory part, on each engine in turn. */
export async function leverEngineBench(): Promise<void> {
  console.log(
    `on the engines (${AUTHORITY} authority), trades in batches of ${BATCH}, durable; aim on SQLite ≥ ` +
      `${fmt(AIM)} trades/s at 100,000 positions, PostgreSQL's figure beside it:`,
  );
  for (const [label, step] of [
    ['quiet market (±0.05 per trade)', 5],
    ['moving market (±3 per trade)', 300],
  ] as const) {
    for (const kind of BENCH_ENGINES) await session(kind, label, step);
  }
}
