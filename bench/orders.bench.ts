/**
 * Durable orders through the order service: validation, ledger freeze, matching, settlement and the
 * order/trade rows, committed by group commit on a file database with `synchronous=FULL`.
 * Side by side: the same stream on an in-memory database (no disk at all, so the figure is the CPU
 * ceiling of this path on one core), and committed one transaction per order (no group commit).
 * Run: `npx tsx bench/orders.bench.ts` (or `npm run bench -- orders`). Env: BENCH_ORDERS (stream length),
 * BENCH_ONLY=resting|mixed (one stream), BENCH_SINGLE=0 (skip the slow per-command comparison).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { seededRandom, toUnits, type PairInfo, type PlaceOrderReq } from '../domain';
import { LEAN_INDEX_DDL } from '../server/db/migrations/010-lean-indexes';
import { sqliteEngine } from '../server/db/module';
import { LEDGER_DDL, Ledger, WORLD_USER_ID, ledgerViolations, type BalanceAuthority } from '../server/ledger';
import { OrderService } from '../server/trade/order-service';
import { SPOT_DDL } from '../server/trade/schema';

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
const USERS = 100;
/** BENCH_AUTHORITY=memory|database: where the ledger's balances come from (default: both). */
const AUTHORITY: BalanceAuthority = process.env.BENCH_AUTHORITY === 'memory' ? 'memory' : 'database';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 40_000);

async function open(file: string, authority: BalanceAuthority) {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  // As server/db/connect.ts configures the server's database.
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  sqlite.exec('create table users (id integer primary key)');
  // The tables as the migrations leave them.
  for (const stmt of [...LEDGER_DDL, ...SPOT_DDL, ...LEAN_INDEX_DDL]) sqlite.exec(stmt);
  const insertUser = sqlite.prepare('insert into users (id) values (?)');
  for (let u = 1; u <= USERS; u++) insertUser.run(u);
  const reader = file === ':memory:' ? sqlite : new SQLite(file, { readonly: true });
  const engine = sqliteEngine(sqlite, reader);
  const ledger = await Ledger.open(engine, authority);
  await engine.writer.run(async () => {
    for (let u = 1; u <= USERS; u++) {
      for (const [coin, amount] of [
        ['USDT', '100000000'],
        ['BTC', '10000'],
      ] as const) {
        await ledger.transfer(
          { kind: 'bench.grant', refType: 'bench', refId: '0', actor: 'bench' },
          { userId: WORLD_USER_ID, account: 'spot', coin },
          { userId: u, account: 'spot', coin },
          toUnits(amount),
        );
      }
    }
  });
  const service = await OrderService.open(engine, ledger, [PAIR]);
  const close = async () => {
    await engine.close();
    if (reader !== sqlite) reader.close();
    sqlite.close();
  };
  return { engine, service, close };
}

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
    out.push({ userId, req: { symbol: 'BTC/USDT', side, type: 'limit', price, qty } });
  }
  return out;
}

async function run(
  label: string,
  batchSize: number,
  kind: 'mixed' | 'resting',
  where: 'file' | 'memory' = 'file',
  authority: BalanceAuthority = AUTHORITY,
): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-bench-'));
  const { engine, service, close } = await open(
    where === 'memory' ? ':memory:' : path.join(dir, 'bench.sqlite'),
    authority,
  );
  const cmds = stream(ORDERS, kind);
  const resting: Array<{ userId: number; id: number }> = [];
  let trades = 0;
  service.onBatch((o) => (trades += o.trades.length));
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < cmds.length; i += batchSize) {
    const slice = cmds.slice(i, i + batchSize);
    const pending = slice.map((c) => {
      if ('cancel' in c) {
        const r = resting.pop();
        return r ? service.cancel(r.userId, r.id).catch(() => undefined) : Promise.resolve(undefined);
      }
      return service.place(c.userId, c.req).then((o) => {
        if (o.status === 'open') resting.push({ userId: o.userId, id: o.id });
        return o;
      });
    });
    await Promise.all(pending);
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const violations = await ledgerViolations(engine);
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
  const rate = cmds.length / secs;
  console.log(
    `${label.padEnd(38)} ${cmds.length} commands in ${secs.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} /s` +
      ` (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s), ${trades} trades, ` +
      `ledger ${violations.length === 0 ? 'sound' : `BROKEN (${violations.length})`}`,
  );
  return rate;
}

async function main() {
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, node ${process.version}`);
  console.log(`database: SQLite file, WAL, synchronous=FULL; balances: ${AUTHORITY} authority`);
  // BENCH_ONLY=resting|mixed runs one stream (for profiling one of them).
  const only = process.env.BENCH_ONLY;
  const resting = only === 'mixed' ? NaN : await run('resting only, group commit', 500, 'resting');
  const group = only === 'resting' ? NaN : await run('mixed, group commit (batches of 500)', 500, 'mixed');
  if (only !== 'resting') {
    const other: BalanceAuthority = AUTHORITY === 'memory' ? 'database' : 'memory';
    const alt = await run(`mixed, group commit, ${other} authority`, 500, 'mixed', 'file', other);
    console.log(`${other} / ${AUTHORITY} authority (mixed, durable): ${(alt / group).toFixed(2)}×`);
  }
  if (only !== 'resting') {
    const memory = await run('mixed, in-memory database (no disk)', 500, 'mixed', 'memory');
    console.log(`durable file / in-memory database (mixed): ${(group / memory).toFixed(2)}×`);
  }
  // BENCH_SINGLE=0 skips the slow per-command comparison (for quick iterations).
  if (process.env.BENCH_SINGLE !== '0') {
    const single = await run('mixed, one transaction per command', 1, 'mixed');
    console.log(`group commit / per-command commit (mixed): ${(group / single).toFixed(1)}×`);
  }
  console.log(
    `aim ≥ 20,000 orders/s: resting ${resting >= 20_000 ? 'met' : 'not met'} (${Math.round(resting)}), ` +
      `mixed ${group >= 20_000 ? 'met' : 'not met'} (${Math.round(group)})`,
  );
}

void main();
