import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** The PostgreSQL advisory lock key of the active core ("exchange core"). */
const CORE_LOCK_KEY = 0x65786372;
/** How often a standby tries to take the lead, in ms. */
const TRY_EVERY_MS = 250;

/** Leadership of the cluster, held until the process ends. */
export interface Leadership {
  /** Gives the lead up (a clean stop), so a standby takes over at once. */
  release(): Promise<void>;
}

/**
 * Waits until this core may lead, then holds the lead for as long as the process lives: on
 * PostgreSQL a session advisory lock on a connection of its own (the server drops it the moment the
 * connection dies, as with kill -9), on SQLite an exclusive lock on `core.lock` beside the database
 * (the operating system drops it with the process). A second core started meanwhile is the standby:
 * it waits here and takes over within `TRY_EVERY_MS` of the lock's release, then opens the database
 * and starts as the first did. A core that loses its lock connection stops at once (`onLost`), so
 * two cores never write together.
 */
export async function takeLead(
  where: { databaseUrl: string | undefined; dataDir: string },
  onLost: (err: Error) => void,
  onWaiting?: () => void,
): Promise<Leadership> {
  return where.databaseUrl
    ? postgresLead(where.databaseUrl, onLost, onWaiting)
    : sqliteLead(where.dataDir, onWaiting);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function postgresLead(
  url: string,
  onLost: (err: Error) => void,
  onWaiting?: () => void,
): Promise<Leadership> {
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  await client.connect();
  let told = false;
  for (;;) {
    const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [CORE_LOCK_KEY]);
    if (r.rows[0]?.ok) break;
    if (!told) onWaiting?.();
    told = true;
    await sleep(TRY_EVERY_MS);
  }
  let released = false;
  client.on('error', (err) => {
    if (!released) onLost(err);
  });
  client.on('end', () => {
    if (!released) onLost(new Error('the leadership connection ended'));
  });
  return {
    async release() {
      released = true;
      await client.end().catch(() => {});
    },
  };
}

async function sqliteLead(dataDir: string, onWaiting?: () => void): Promise<Leadership> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new SQLite(path.join(dataDir, 'core.lock'));
  lock.pragma('busy_timeout = 0');
  let told = false;
  for (;;) {
    try {
      lock.exec('begin exclusive');
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      if (!told) onWaiting?.();
      told = true;
      await sleep(TRY_EVERY_MS);
    }
  }
  return {
    async release() {
      lock.close();
    },
  };
}
