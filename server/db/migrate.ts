import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration';

export type { Migration } from './migration';

const byNameThenPart = (a: Migration, b: Migration) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : (a.part ?? 0) - (b.part ?? 0);

/**
 * Applies the migrations not yet recorded in the `migrations` table, in name order (the areas hand
 * them in module order); parts of one name run as one step. Refuses a pending step that sorts before
 * one already applied: a fresh database would run it earlier than this one did, and the two would
 * differ. Returns the names applied.
 */
export async function migrate(db: Kysely<unknown>, migrations: readonly Migration[]): Promise<string[]> {
  const sorted = [...migrations].sort(byNameThenPart);
  const keys = sorted.map((m) => `${m.name}#${m.part ?? 0}`);
  if (new Set(keys).size !== keys.length) throw new Error('duplicate migration names');

  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'integer', (c) => c.notNull())
    .execute();
  const rows = await sql<{ name: string }>`select name from migrations`.execute(db);
  const done = new Set(rows.rows.map((r) => r.name));
  const newest = [...done].sort().at(-1);

  const steps = new Map<string, Migration[]>();
  for (const m of sorted) if (!done.has(m.name)) steps.set(m.name, [...(steps.get(m.name) ?? []), m]);
  const applied: string[] = [];
  for (const [name, parts] of steps) {
    if (newest !== undefined && name < newest) {
      throw new Error(`migration ${name} is out of order: the database already has ${newest}`);
    }
    await db.transaction().execute(async (trx) => {
      for (const part of parts) await part.up(trx);
      await sql`insert into migrations (name, applied_at) values (${name}, ${Date.now()})`.execute(trx);
    });
    applied.push(name);
  }
  return applied;
}
