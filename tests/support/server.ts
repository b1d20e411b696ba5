import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startServer, type RunningServer, type StartOptions } from '../../server/app';
import { DEFAULT_RATE_LIMITS, type Config } from '../../server/config';
import { ROOT_DIR } from '../../server/paths';
import type { MessageSender } from '../../server/sim/outbox';
import { dropDatabase, ensurePostgres, freshPostgres } from './postgres';

/**
 * Stands in for a real gateway in production-mode tests that do not look at delivery: it accepts
 * every message and keeps none. Production refuses to start without real senders.
 */
export const discardSender: MessageSender = { simulated: false, send: async () => {} };

/**
 * The rate limits of a test server: every test request comes from 127.0.0.1, so the per-IP budgets
 * are raised; per-account budgets keep their real values.
 */
export const TEST_RATE_LIMITS: Config['rateLimits'] = {
  ...DEFAULT_RATE_LIMITS,
  loginPerIp: 100_000,
  codesPerIp: 100_000,
  accountChecksPerIp: 100_000,
};

/** The built app a test server serves: TEST_DIST_DIR when a helper builds into its own directory (so parallel builds do not collide), else the repository's dist/. */
export function testDistDir(): string {
  return process.env.TEST_DIST_DIR ?? path.join(ROOT_DIR, 'dist');
}

/** The servers this process runs, by data directory: test helpers that take a `dataDir` reach them. */
const running = new Map<string, RunningServer>();

/**
 * The server running on `dataDir` in this process: its engine and ledger, so a test's own changes
 * (funding an account) go through the same one writer as the server's.
 */
export function serverOn(dataDir: string): RunningServer {
  const server = running.get(dataDir);
  if (!server) throw new Error(`no test server runs on ${dataDir} in this process`);
  return server;
}

/** A real server on a random local port with its own throw-away data directory. */
export interface TestServer {
  /** Such as `http://127.0.0.1:41234`; API at `${origin}/api/…`, socket at `${origin}/ws`. */
  origin: string;
  /** Stops the server and deletes its data directory (unless the caller passed `dataDir`). */
  close(): Promise<void>;
  /** Stops the server and keeps its data directory, to start another server on it (restart tests). */
  stop(): Promise<void>;
  /** The temporary DATA_DIR (holds exchange.sqlite, or, on PostgreSQL, the uploads). */
  dataDir: string;
}

/** The engine the test servers of this run use: TEST_ENGINE=postgres, else SQLite. */
export const TEST_ENGINE: 'sqlite' | 'postgres' =
  process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Where a PostgreSQL test server's database URL is kept, so a restart on the same data reuses it. */
const PG_URL_FILE = '.test-database-url';

/** The PostgreSQL database of the test server on `dataDir`, or undefined on SQLite. */
export function databaseUrlOf(dataDir: string): string | undefined {
  const file = path.join(dataDir, PG_URL_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Removes the data a test server left on `dataDir` and, on PostgreSQL, its database: for a test that
 * passed its own `dataDir` (restarts), which `close()` leaves in place. Stop the servers on it first.
 */
export async function removeTestData(dataDir: string): Promise<void> {
  const url = databaseUrlOf(dataDir);
  if (url) await dropDatabase(url);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * On a PostgreSQL run, the database of the server on `dataDir`: the one a first start created
 * (kept beside the data, so a restart finds it), or a new one (a copy of the run's migrated template
 * when the server runs the default areas).
 */
async function postgresFor(
  dataDir: string,
  custom: boolean,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (TEST_ENGINE !== 'postgres') return undefined;
  const known = databaseUrlOf(dataDir);
  if (known) return { url: known, drop: () => dropDatabase(known) };
  const why = await ensurePostgres();
  if (why) throw new Error(`TEST_ENGINE=postgres, but PostgreSQL is not available: ${why}`);
  // Servers with areas of their own (test clocks) run their own migrations on an empty database.
  const db = await freshPostgres(custom ? undefined : inject('pgTemplate') || undefined);
  fs.writeFileSync(path.join(dataDir, PG_URL_FILE), db.url);
  return db;
}

/**
 * The database URL for servers a test starts on `dataDir` itself (child processes it kills): on a
 * PostgreSQL run a copy of the run's migrated template, kept beside the data (so a restarted test
 * server finds it, and `removeTestData` drops it); undefined on SQLite.
 */
export async function testDatabaseFor(dataDir: string): Promise<string | undefined> {
  return (await postgresFor(dataDir, false))?.url;
}

/**
 * Starts the real server (port 0, host 127.0.0.1, fresh temp DATA_DIR, APP_MODE demo, the
 * repository's dist/ and locales/). Every test request comes from 127.0.0.1, so the per-IP budgets
 * are raised; per-account budgets keep their real values. Pass `rateLimits` to test the IP budgets.
 * The environment is not read, so a developer's shell cannot change test behaviour; set
 * TEST_LOG_LEVEL (such as `info`) to see the server log. In production mode, messages go to
 * `discardSender` unless `options` bring a sender, an SMS provider or the config an SMTP_URL.
 * `options.modules` replaces the areas (an area built on a test clock).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: Pick<StartOptions, 'sender' | 'smsProvider' | 'modules'> = {},
): Promise<TestServer> {
  // Test files share a worker's modules (isolate: false): a worker of the other project must not
  // hand this file the engine it read first.
  if ((process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite') !== TEST_ENGINE) {
    throw new Error(`this worker read TEST_ENGINE=${TEST_ENGINE}, this file runs ${process.env.TEST_ENGINE}`);
  }
  // A `dataDir` override is the caller's (a restart on the data of an earlier server): never deleted here.
  const owned = overrides.dataDir === undefined;
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-test-'));
  const removeData = () => {
    if (owned) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let pg: Awaited<ReturnType<typeof postgresFor>> = undefined;
  try {
    pg = await postgresFor(dataDir, options.modules !== undefined);
    const production = overrides.mode === 'production';
    const bringsDelivery = options.sender ?? options.smsProvider ?? overrides.smtpUrl;
    const server = await startServer({
      ...options,
      ...(production && !bringsDelivery && { sender: discardSender }),
      env: {},
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        mode: 'demo',
        // As loadConfig does: the market simulator runs by default in demo mode only.
        simMarket: (overrides.mode ?? 'demo') === 'demo',
        distDir: testDistDir(),
        rateLimits: TEST_RATE_LIMITS,
        ...(pg && { databaseUrl: pg.url }),
        ...overrides,
      },
    });
    // The data's own server is the one that writes it: a cluster's edges share the core's.
    if (server.config.role !== 'edge') running.set(dataDir, server);
    const stop = async () => {
      await server.close();
      if (running.get(dataDir) === server) running.delete(dataDir);
    };
    return {
      origin: server.url,
      dataDir,
      async close() {
        await stop();
        if (owned) await pg?.drop();
        removeData();
      },
      stop,
    };
  } catch (err) {
    // A server that refuses to start (a test of its configuration checks) leaves no database behind.
    if (owned) await pg?.drop();
    removeData();
    throw err;
  }
}

/**
 * The newest verification code the demo outbox holds for `account` (GET /api/dev/outbox).
 * Throws when there is none or the outbox is unavailable (production mode).
 */
export async function readOutboxCode(origin: string, account: string): Promise<string> {
  const res = await fetch(`${origin}/api/dev/outbox?account=${encodeURIComponent(account)}`);
  const body = (await res.json()) as { code?: number; data?: { code: string }[] | null; msg?: string };
  if (res.status !== 200 || body.code !== 200) {
    throw new Error(`dev/outbox failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  }
  const newest = body.data?.[0];
  if (!newest) throw new Error(`no message in the outbox for ${account}`);
  return newest.code;
}
