import { sql, type Kysely } from 'kysely';
import { BASELINE_STEP, type EngineName, type Migration } from './migration';

export type { EngineName, Migration } from './migration';

const byNameThenPart = (a: Migration, b: Migration) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : (a.part ?? 0) - (b.part ?? 0);

/** Refuses a set whose steps do not say consistently which side of the baseline they are on. */
function checkLegacyMarks(sorted: readonly Migration[]): void {
  const keys = sorted.map((m) => `${m.name}#${m.part ?? 0}`);
  if (new Set(keys).size !== keys.length) throw new Error('duplicate migration names');
  for (const m of sorted) {
    if (m.legacy && m.name >= BASELINE_STEP) {
      throw new Error(`legacy migration ${m.name} must sort before ${BASELINE_STEP}`);
    }
    if (!m.legacy && m.name < BASELINE_STEP) {
      throw new Error(`migration ${m.name} is out of order: a new step sorts after ${BASELINE_STEP}`);
    }
  }
}

/**
 * Applies the migrations not yet recorded in the `migrations` table on either engine, in name
 * order (the areas hand them in module order); parts of one name run as one step, each step in a
 * transaction with its record. Returns the names applied (run or recorded).
 *
 * Three kinds of database:
 * - fresh, given the baseline: the legacy steps are skipped and the baseline creates every table
 *   as it is now; only the baseline and what follows it are recorded.
 * - started by the legacy steps (a SQLite file from before the baseline): its remaining legacy
 *   steps run (SQLite only), then the baseline is recorded without running, since those steps
 *   built the same schema (tests/unit/server/baseline.test.ts compares them).
 * - fresh and not given the baseline (a test building a database as an old release had it): the
 *   legacy steps run, SQLite only.
 *
 * Refuses a pending step that sorts before one already applied: a fresh database would run it
 * earlier than this one did, and the two would differ.
 */
export async function migrateDatabase(
  db: Kysely<unknown>,
  migrations: readonly Migration[],
  engine: EngineName,
): Promise<string[]> {
  const sorted = [...migrations].sort(byNameThenPart);
  checkLegacyMarks(sorted);

  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  const rows = await sql<{ name: string }>`select name from migrations`.execute(db);
  const done = new Set(rows.rows.map((r) => r.name));
  const newest = [...done].sort().at(-1);
  const builtByLegacy = [...done].some((name) => name < BASELINE_STEP);
  const givenBaseline = sorted.some((m) => m.name === BASELINE_STEP);
  const runLegacy = !done.has(BASELINE_STEP) && (builtByLegacy || !givenBaseline);

  const steps = new Map<string, Migration[]>();
  for (const m of sorted) {
    if (done.has(m.name) || (m.legacy && !runLegacy)) continue;
    steps.set(m.name, [...(steps.get(m.name) ?? []), m]);
  }
  const applied: string[] = [];
  for (const [name, parts] of steps) {
    if (newest !== undefined && name < newest) {
      throw new Error(`migration ${name} is out of order: the database already has ${newest}`);
    }
    if (parts[0]!.legacy && engine !== 'sqlite') {
      throw new Error(`migration ${name} is a legacy SQLite step and cannot run on ${engine}`);
    }
    // The legacy steps built what the baseline would: record it, do not run it over their tables.
    const recordOnly = name === BASELINE_STEP && builtByLegacy;
    await db.transaction().execute(async (trx) => {
      if (!recordOnly) for (const part of parts) await part.up(trx, engine);
      await sql`insert into migrations (name, applied_at) values (${name}, ${Date.now()})`.execute(trx);
    });
    applied.push(name);
  }
  return applied;
}

/** `migrateDatabase` on SQLite: the embedded database, and the migration tests' databases. */
export function migrate(db: Kysely<unknown>, migrations: readonly Migration[]): Promise<string[]> {
  return migrateDatabase(db, migrations, 'sqlite');
}

/**
 * Waits until another process (a cluster's core) has applied every step of `migrations` that a
 * database of today records (the baseline and what follows it), polling every `pollMs`. An edge
 * never migrates: it reads the schema the core keeps. Throws after `timeoutMs`.
 */
export async function awaitSchema(
  db: Kysely<unknown>,
  migrations: readonly Migration[],
  timeoutMs = 60_000,
  pollMs = 250,
): Promise<void> {
  const wanted = [...new Set(migrations.filter((m) => !m.legacy).map((m) => m.name))];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const done = await sql<{ name: string }>`select name from migrations`
      .execute(db)
      .then((r) => new Set(r.rows.map((row) => row.name)))
      .catch(() => new Set<string>());
    const missing = wanted.filter((name) => !done.has(name));
    if (missing.length === 0) return;
    if (Date.now() > until) {
      throw new Error(`the schema is not there yet (waiting for ${missing[0]}…): is the core running?`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
