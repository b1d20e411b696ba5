// One exchange database that holds every kind of record the schema has: a single SQLite test server
// driven through the real HTTP API and the operator API, for tests that must see every table filled
// (the `ops db/copy` test). The flows themselves are in ./every-record-flows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultModules } from '../../server/app';
import type { Config } from '../../server/config';
import { createLeverModule } from '../../server/lever/module';
import { createLockmingModule } from '../../server/lockming/module';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import { TERMS as BANK_TERMS } from './bank';
import { NO_TIMER_BLOCK_MS, OPS_TOKEN } from './deposits';
import { fillEveryTable, type EveryRecordSummary, type ExchangeServer } from './every-record-flows';
import { TEST_CATALOG as LEVER_CATALOG } from './lever';
import { TEST_DURATIONS } from './second';
import { startTestServer, TEST_RATE_LIMITS } from './server';
import { withServerDb } from './server-db';

export type { EveryRecordSummary, ExchangeServer, SummaryUser } from './every-record-flows';

/** The catalog file in `dataDir`: bank deposits on, the lever and option terms of their tests. */
function writeCatalog(dataDir: string): string {
  const file = path.join(dataDir, 'catalog.json');
  if (!fs.existsSync(file)) {
    const catalog = {
      lever: LEVER_CATALOG.lever,
      // Options of 1 s, so one settles within the build.
      second: { ...DEFAULT_CATALOG.second, durations: TEST_DURATIONS, staleMs: 60_000 },
      bankDeposit: BANK_TERMS,
      // Subscriptions without the trade password: the build signs up many users already.
      ieo: { account: 'spot', tradePassword: 'never' },
    };
    fs.writeFileSync(file, JSON.stringify(catalog));
  }
  return file;
}

/**
 * Starts the server the every-record database is built on, or another one on its data: on `dataDir`
 * (SQLite) or, with `databaseUrl`, on that PostgreSQL database (the copy; `dataDir` still holds the
 * uploads and the catalog). The operator API is on (token `test-token`), the market simulator off
 * (every trade is the test's), the simulated chains mined only by `sim/mine`, code resends allowed at
 * once; the lever area runs without its overnight timer, the test runs the overnight fee itself.
 * `close()` stops the server and never removes `dataDir`: `removeTestData` does.
 */
export async function startExchange(
  dataDir: string,
  databaseUrl?: string,
  overrides: Partial<Config> = {},
): Promise<ExchangeServer> {
  const lever = createLeverModule({ overnightTimer: false });
  const lockming = createLockmingModule({ timer: false });
  const modules = defaultModules()
    .filter((m) => m.name !== 'lever' && m.name !== 'lockming')
    .concat([lever, lockming]);
  const server = await startTestServer(
    {
      dataDir,
      operatorToken: OPS_TOKEN,
      simMarket: false,
      simChainBlockMs: NO_TIMER_BLOCK_MS,
      catalogFile: writeCatalog(dataDir),
      rateLimits: { ...TEST_RATE_LIMITS, codeResendMs: 1, tradePwdChecksPerMinute: 100_000 },
      ...(databaseUrl && { databaseUrl }),
      ...overrides,
    },
    { modules },
  );
  return { ...server, lever, lockming };
}

/** The every-record database, built and still served. */
export interface EveryRecord {
  server: ExchangeServer;
  /** The server's DATA_DIR, holding `exchange.sqlite`; removed by `removeTestData`. */
  dataDir: string;
  summary: EveryRecordSummary;
}

/**
 * Starts one SQLite server on a fresh data directory and fills every table through the real flows
 * (see `fillEveryTable`). The server is still running; stop it (`stop()`) before copying its file.
 */
export async function buildEveryRecord(): Promise<EveryRecord> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'every-record-'));
  const server = await startExchange(dataDir);
  try {
    const summary = await fillEveryTable(server);
    return { server, dataDir, summary };
  } catch (err) {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Rows per table of the SQLite database in `dataDir` (every table but SQLite's own and the
 * migrations' bookkeeping), from the file's own table list. Read it with the server stopped, so what
 * the server saves at stop (the rebate cursor) is counted.
 */
export function tableCounts(dataDir: string): Promise<Record<string, number>> {
  return withServerDb(dataDir, async (db) => {
    const tables = await db.all<{ name: string }>(
      `select name from sqlite_master where type = 'table'
       and name not like 'sqlite_%' and name <> 'migrations' order by name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = Number((await db.get<{ n: number }>(`select count(*) as n from ${name}`))!.n);
    }
    return counts;
  });
}
