import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkInsert } from '../../../server/ledger/bulk-insert';

let sqlite: SQLite.Database;

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, k integer not null, v text)');
});

afterEach(() => sqlite.close());

const rows = () =>
  sqlite.prepare('select id, k, v from t order by id').all() as Array<{ k: number; v: string }>;

describe('BulkInsert', () => {
  it.each([0, 1, 3, 4, 5, 63, 64, 65, 85, 200])('writes %i rows in the order added', (n) => {
    const bulk = new BulkInsert(sqlite, 't', ['k', 'v']);
    for (let i = 0; i < n; i++) bulk.add(i % 7, `r${i}`);
    expect(bulk.size).toBe(n);
    bulk.flush();
    expect(bulk.size).toBe(0);
    expect(rows().map((r) => r.v)).toEqual(Array.from({ length: n }, (_, i) => `r${i}`));
  });

  it('refuses a row of the wrong width and drops queued rows on clear', () => {
    const bulk = new BulkInsert(sqlite, 't', ['k', 'v']);
    expect(() => bulk.add(1)).toThrow(/expected 2 values/);
    bulk.add(1, 'a');
    bulk.clear();
    bulk.flush();
    expect(rows()).toEqual([]);
  });
});
