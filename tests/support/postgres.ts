import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../server/paths';

/**
 * The PostgreSQL server the tests use: TEST_DATABASE_URL, else the role `scripts/postgres.sh`
 * creates on the local cluster. Each test file gets a database of its own on it (`freshPostgres`).
 */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://exchange:exchange@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Makes sure the test server answers: when it does not and TEST_DATABASE_URL is not set, runs
 * `scripts/postgres.sh` (installs and starts the local cluster; needs root). Returns why PostgreSQL
 * is unavailable, or null when it is ready. Under CI=true an unavailable server is an error, so a
 * CI run never passes with the PostgreSQL suite silently skipped.
 */
export async function ensurePostgres(): Promise<string | null> {
  let why = await reachable(TEST_DATABASE_URL);
  if (why && process.env.TEST_DATABASE_URL === undefined) {
    try {
      execFileSync(path.join(ROOT_DIR, 'scripts/postgres.sh'), { stdio: 'pipe' });
      why = await reachable(TEST_DATABASE_URL);
    } catch (err) {
      why = `scripts/postgres.sh failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`;
    }
  }
  if (why && process.env.CI === 'true') {
    throw new Error(`the PostgreSQL suite must run under CI=true, and ${TEST_DATABASE_URL} failed: ${why}`);
  }
  return why;
}

/** A database created for one test file; `drop` removes it (closing what still uses it). */
export interface FreshPostgres {
  /** Connection URL of the new database. */
  url: string;
  drop(): Promise<void>;
}

let counter = 0;

/**
 * Creates a database on the test server, named after this process so parallel test files never
 * share one: empty, or a copy of `template` (a database nobody is connected to, such as the one
 * `tests/support/postgres-setup.ts` migrates once per run). Call `ensurePostgres` first.
 */
export async function freshPostgres(template?: string): Promise<FreshPostgres> {
  const name = `exchange_test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  if (template !== undefined && !/^exchange_test_\w+$/.test(template)) {
    throw new Error(`not a test database: ${template}`);
  }
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        break;
      } catch (err) {
        // 55006: another copy of the template is being made at this instant; it takes milliseconds.
        if ((err as { code?: string }).code !== '55006' || attempt === 50) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const text = url.toString();
  return { url: text, drop: () => dropDatabase(text) };
}

/** Drops a database `freshPostgres` created (closing what still uses it). */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^exchange_test_\w+$/.test(name)) throw new Error(`not a test database: ${name}`);
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(`drop database if exists ${name} with (force)`);
        return;
      } catch (err) {
        // An autovacuum worker on the database is not ours to terminate (42501, "must be a member
        // of the role whose process is being terminated"); it ends by itself within moments.
        if ((err as { code?: string }).code !== '42501' || attempt === 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await c.end();
  }
}
