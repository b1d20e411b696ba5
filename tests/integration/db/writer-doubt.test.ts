// A COMMIT whose answer is lost (the connection dies after sending it) may have been applied. The
// writer reads its commit mark to know which, on both engines: memory follows what the database
// holds, and while the database cannot say, nothing else runs. Before the mark the writer took every
// failed COMMIT as rolled back; when it had been applied, the ledger's next transaction id was one
// the database already held and every later batch failed until a restart.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineName } from '../../../server/db';
import { commitMark, WRITER_COMMITS_DDL } from '../../../server/db/commit-mark';
import { ddlFor } from '../../../server/db/ddl';
import { statementsOf } from '../../../server/db/engine';
import { sql } from '../../../server/db/statements';
import { WriterUnavailableError } from '../../../server/db/writer';
import { openTestEngine, type TestEngine } from '../../support/engines';

const ITEMS = {
  add: sql<[id: number]>('insert into items (id) values (?)'),
  ids: sql<[], number>('select id from items order by id', (r) => Number(r.id)),
};

/** How the faked connection treats the next COMMIT, and whether the database is away. */
interface Fault {
  /** `applied`: the COMMIT runs, then its answer is lost; `lost`: it never reaches the database. */
  commit: 'applied' | 'lost' | null;
  /** While true, every `begin` fails as a connection to a stopped server would. */
  away: boolean;
  /** The database goes away with the COMMIT's answer. */
  awayAfterCommit: boolean;
}

describe.each<EngineName>(['sqlite', 'postgres'])('a COMMIT whose answer is lost, on %s', (kind) => {
  let t: TestEngine;
  let q: ReturnType<typeof statementsOf<typeof ITEMS>>;
  const fault: Fault = { commit: null, away: false, awayAfterCommit: false };
  /** What the participant was told, in order: the memory a real area would keep or drop. */
  const told: string[] = [];
  const hooks: string[] = [];

  beforeEach(async () => {
    t = await openTestEngine(kind, { commandTimeoutMs: 2_000 });
    await t.setup(`create table items (id ${ddlFor(kind).int} primary key)`);
    for (const stmt of WRITER_COMMITS_DDL(ddlFor(kind))) await t.setup(stmt);
    q = statementsOf(t.engine, ITEMS);
    const writer = t.engine.writer;
    writer.markCommits(commitMark());
    writer.participate({
      mark: () => null,
      rollbackTo: () => undefined,
      committed: () => void told.push('committed'),
      aborted: () => void told.push('aborted'),
    });
    const conn = writer.conn;
    const exec = conn.exec.bind(conn);
    Object.assign(fault, { commit: null, away: false, awayAfterCommit: false });
    told.length = 0;
    hooks.length = 0;
    conn.exec = async (text: string) => {
      if (fault.away && /^\s*begin/i.test(text))
        throw new WriterUnavailableError('the database is unavailable');
      if (!/commit\s*$/i.test(text) || !fault.commit) return exec(text);
      const how = fault.commit;
      fault.commit = null;
      if (how === 'applied') await exec(text);
      fault.away = fault.awayAfterCommit;
      throw new WriterUnavailableError('the database is unavailable');
    };
  });
  afterEach(async () => {
    await t.dispose();
  });

  const add = (id: number) =>
    t.engine.writer.run(async () => {
      await q.add.run(id);
      t.engine.writer.afterCommit(() => hooks.push(`added ${id}`));
      return id;
    });

  it('applied, the database answering again at once: acknowledged as committed', async () => {
    await add(1);
    fault.commit = 'applied';
    expect(await add(2)).toBe(2);
    expect(told).toEqual(['committed', 'committed']);
    expect(hooks).toEqual(['added 1', 'added 2']);
    expect(await add(3)).toBe(3);
    expect(await q.ids.all()).toEqual([1, 2, 3]);
  });

  it('not applied, the database answering again at once: refused and rolled back', async () => {
    fault.commit = 'lost';
    await expect(add(1)).rejects.toBeInstanceOf(WriterUnavailableError);
    expect(told).toEqual(['aborted']);
    expect(hooks).toEqual([]);
    expect(await add(1)).toBe(1);
    expect(await q.ids.all()).toEqual([1]);
  });

  it('applied while the database goes away: refused, then settled as committed when it returns', async () => {
    fault.commit = 'applied';
    fault.awayAfterCommit = true;
    await expect(add(1)).rejects.toBeInstanceOf(WriterUnavailableError);
    // Unsettled: memory is left as the batch made it, and every batch is refused at once.
    await expect(add(2)).rejects.toThrow(/not settled/);
    expect(told).toEqual([]);
    fault.away = false;
    expect(await add(2)).toBe(2);
    // The doubtful batch was committed: its memory and its after-commit work follow, then the next.
    expect(told).toEqual(['committed', 'committed']);
    expect(hooks).toEqual(['added 1', 'added 2']);
    expect(await q.ids.all()).toEqual([1, 2]);
  });

  it('not applied while the database goes away: refused, then settled as rolled back when it returns', async () => {
    fault.commit = 'lost';
    fault.awayAfterCommit = true;
    await expect(add(1)).rejects.toBeInstanceOf(WriterUnavailableError);
    await expect(add(2)).rejects.toThrow(/not settled/);
    expect(told).toEqual([]);
    fault.away = false;
    expect(await add(1)).toBe(1);
    expect(told).toEqual(['aborted', 'committed']);
    expect(hooks).toEqual(['added 1']);
    expect(await q.ids.all()).toEqual([1]);
  });
});
