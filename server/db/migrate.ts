import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration';
import { MIGRATIONS } from './migrations/index';

export type { Migration } from './migration';

/** Applies the migrations not yet recorded in the `migrations` table, in order. Returns their names. */
export async function migrate(
  db: Kysely<unknown>,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const names = migrations.map((m) => m.name);
  if (new Set(names).size !== names.length) throw new Error('duplicate migration names');
  if ([...names].sort().join('\n') !== names.join('\n')) throw new Error('migrations are not in name order');

  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'integer', (c) => c.notNull())
    .execute();
  const rows = await sql<{ name: string }>`select name from migrations`.execute(db);
  const done = new Set(rows.rows.map((r) => r.name));

  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await db.transaction().execute(async (trx) => {
      await m.up(trx);
      await sql`insert into migrations (name, applied_at) values (${m.name}, ${Date.now()})`.execute(trx);
    });
    applied.push(m.name);
  }
  return applied;
}
