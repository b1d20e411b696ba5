import { randomBytes } from 'node:crypto';
import { sql as kyselySql } from 'kysely';
import type { Conn } from './conn';
import { ddlFor, type Ddl } from './ddl';
import type { Migration } from './migration';
import { sql } from './statements';

/**
 * The writer's commit mark: one row naming the last batch the writer committed. Each batch sets it
 * in the same round trip as its COMMIT. A COMMIT whose answer never came (the connection died after
 * sending it) may or may not have been applied; the writer reads the mark to know which, instead of
 * guessing. Guessing "rolled back" when the database had committed left memory (the ledger's next
 * transaction id, the spot book, balances held in memory) behind the database: every later batch
 * failed on a duplicate id until a restart.
 */
export const WRITER_COMMITS_DDL = (d: Ddl): string[] => [
  `create table writer_commits (id ${d.int} primary key check (id = 1), batch text not null)`,
];

/** The step that creates `writer_commits` (no row: the first batch's upsert writes it). */
export const writerCommitsMigration: Migration = {
  name: '108-writer-commits',
  async up(db, engine) {
    for (const stmt of WRITER_COMMITS_DDL(ddlFor(engine))) await kyselySql.raw(stmt).execute(db);
  },
};

const LAST = sql<[], string>('select batch from writer_commits where id = 1', (r) => r.batch as string);

/** Marks batches and tells, after a COMMIT whose answer was lost, whether it was applied. */
export interface CommitMark {
  /** A new name for the batch about to commit (unique among this database's batches). */
  next(): string;
  /** The statement that records `batch` as the last committed, sent with the COMMIT. */
  write(batch: string): string;
  /** Whether `batch` is the last committed (nothing commits in between: the writer waits for this). */
  committed(conn: Conn, batch: string): Promise<boolean>;
}

/** The mark over `writer_commits`: batch names are a random prefix of this process and a counter. */
export function commitMark(): CommitMark {
  const prefix = randomBytes(8).toString('hex');
  let n = 0;
  return {
    next: () => `${prefix}-${++n}`,
    // The name is ours (hex and digits), so it is written into the text: no parameters in `exec`.
    write: (batch) =>
      `insert into writer_commits (id, batch) values (1, '${batch}')
         on conflict (id) do update set batch = excluded.batch`,
    committed: async (conn, batch) => (await conn.get(LAST, [], false)) === batch,
  };
}
