/**
 * The databases the orders bench runs on: a SQLite file (WAL, synchronous=FULL, as the server), SQLite
 * in memory (no disk: the CPU ceiling), and a fresh PostgreSQL database (BENCH_DATABASE_URL, default
 * the local test cluster of `scripts/postgres.sh`; synchronous_commit as the server runs it, `on`).
 * Each has the ledger and spot tables, 100 funded users and the order service.
 */
import { toUnits, type PairInfo } from '../domain';
import type { Engine } from '../server/db';
import { LEAN_INDEX_DDL } from '../server/db/migrations/010-lean-indexes';
import { LEDGER_DDL, Ledger, WORLD_USER_ID, type BalanceAuthority } from '../server/ledger';
import { OrderService } from '../server/trade/order-service';
import { SPOT_DDL } from '../server/trade/schema';
import { openBenchPostgres, openBenchSqlite } from './bench-engines';

export type BenchDbKind = 'sqlite-file' | 'sqlite-memory' | 'postgres';

export const USERS = 100;

export interface BenchDb {
  engine: Engine;
  service: OrderService;
  /** The engine's settings that decide durability, printed with each figure. */
  settings: string;
  close(): Promise<void>;
}

/** Opens a bench database of `kind` with the order service on it, balances under `authority`. */
export async function openBenchDb(
  kind: BenchDbKind,
  authority: BalanceAuthority,
  pair: PairInfo,
): Promise<BenchDb> {
  const opened =
    kind === 'postgres'
      ? await openBenchPostgres(USERS)
      : openBenchSqlite({
          memory: kind === 'sqlite-memory',
          // The tables as the migrations leave them.
          ddl: [...LEDGER_DDL, ...SPOT_DDL, ...LEAN_INDEX_DDL],
          users: USERS,
        });
  const { engine } = opened;
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
  const service = await OrderService.open(engine, ledger, [pair]);
  return { engine, service, settings: opened.settings, close: opened.close };
}
