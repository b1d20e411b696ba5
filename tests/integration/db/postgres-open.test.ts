// The server's PostgreSQL database as app.ts opens it: the one migration set, the engine, and identity
// sequences started after ids the writer (or an operator's copy) gave explicitly.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../../server/app';
import { sql, statementsOf } from '../../../server/db';
import { openPostgresDatabase } from '../../../server/db/module';
import { ensurePostgres, freshPostgres, type FreshPostgres } from '../../support/postgres';

const why = await ensurePostgres();
if (why) console.warn(`PostgreSQL suite skipped: ${why}`);

const OUTBOX = {
  add: sql<[body: string]>(
    `insert into outbox (channel, recipient, scene, body, code, created_at)
     values ('sms', '100', 'login', ?, '123456', 0) returning id`,
  ),
  ids: sql<[], { id: number }>('select id from outbox order by id', (r) => ({ id: Number(r.id) })),
};

describe.skipIf(why !== null)('opening the server database on PostgreSQL', () => {
  let db: FreshPostgres;
  beforeAll(async () => {
    db = await freshPostgres();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('migrates once, runs commands, and never hands out an id that was given explicitly', async () => {
    const first = await openPostgresDatabase(db.url, allMigrations());
    const q = statementsOf(first.engine, OUTBOX);
    expect((await first.engine.writer.run(() => q.add.run('a'))).lastId).toBe(1);
    await first.close();

    // Rows copied or written with their own ids do not move an identity sequence.
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await c.query(`insert into outbox (id, channel, recipient, scene, body, code, created_at)
                   values (7, 'sms', '100', 'login', 'copied', '1', 0)`);
    await c.end();

    const again = await openPostgresDatabase(db.url, allMigrations());
    const q2 = statementsOf(again.engine, OUTBOX);
    expect((await again.engine.writer.run(() => q2.add.run('b'))).lastId).toBe(8);
    expect((await q2.ids.all()).map((r) => r.id)).toEqual([1, 7, 8]);
    await again.close();
  });
});
