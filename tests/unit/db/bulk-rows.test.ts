// The rows a writer batch collects in memory and writes before its COMMIT (server/db/bulk-rows.ts):
// every row, in the order added, with the fewest statements of five fixed widths, the upsert suffix,
// and what an undone command (truncate) or a failed batch (clear) leaves. On SQLite, through the
// connection the writer uses, with each statement it runs recorded.
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkRows } from '../../../server/db';
import type { AnyDef, Conn } from '../../../server/db/conn';
import { SqliteConn } from '../../../server/db/sqlite-conn';

let sqlite: SQLite.Database;
let conn: Conn;
/** Each statement the flushes ran: its definition and how many parameters it was given. */
let ran: Array<{ def: AnyDef; params: number }>;

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, k integer not null, v text)');
  sqlite.exec('create table u (k integer primary key, v text not null, n integer not null default 0)');
  const inner = new SqliteConn(sqlite);
  ran = [];
  conn = {
    kind: 'sqlite',
    run(def, params, bigints) {
      ran.push({ def, params: params.length });
      return inner.run(def, params, bigints);
    },
    get: (def, params, bigints) => inner.get(def, params, bigints),
    all: (def, params, bigints) => inner.all(def, params, bigints),
    exec: (text) => inner.exec(text),
    close: () => inner.close(),
  };
});

afterEach(() => sqlite.close());

const rowsOf = () =>
  sqlite.prepare('select k, v from t order by id').all() as Array<{ k: number; v: string }>;
/** Rows per statement of the flushes so far. */
const widths = () => ran.map((r) => r.params / 2);

describe('BulkRows', () => {
  it.each([
    [0, []],
    [1, [1]],
    [3, [1, 1, 1]],
    [4, [4]],
    [5, [4, 1]],
    [15, [4, 4, 4, 1, 1, 1]],
    [16, [16]],
    [21, [16, 4, 1]],
    [63, [16, 16, 16, 4, 4, 4, 1, 1, 1]],
    [64, [64]],
    [65, [64, 1]],
    [85, [64, 16, 4, 1]],
    [255, [64, 64, 64, 16, 16, 16, 4, 4, 4, 1, 1, 1]],
    [256, [256]],
    [257, [256, 1]],
    [341, [256, 64, 16, 4, 1]],
    [600, [256, 256, 64, 16, 4, 4]],
  ])('writes %i rows in the order added, with statements of %j rows', async (n, expected) => {
    const bulk = new BulkRows('t', ['k', 'v']);
    for (let i = 0; i < n; i++) bulk.add(i % 7, `r${i}`);
    expect(bulk.size).toBe(n);
    await bulk.flush(conn);
    expect(bulk.size).toBe(0);
    expect(widths()).toEqual(expected);
    expect(rowsOf()).toEqual(Array.from({ length: n }, (_, i) => ({ k: i % 7, v: `r${i}` })));
    // Flushed means gone: a second flush writes nothing.
    await bulk.flush(conn);
    expect(ran).toHaveLength(expected.length);
  });

  it('names its table and columns in a statement per width, made once and kept', async () => {
    const bulk = new BulkRows('t', ['k', 'v']);
    bulk.add(1, 'a');
    await bulk.flush(conn);
    expect(ran[0]!.def.text).toBe('insert into t (k, v) values (?, ?)');
    for (let i = 0; i < 5; i++) bulk.add(i, 'b');
    await bulk.flush(conn);
    expect(ran[1]!.def.text).toBe('insert into t (k, v) values (?, ?), (?, ?), (?, ?), (?, ?)');
    expect(ran[2]!.def).toBe(ran[0]!.def);
  });

  it('refuses a row of the wrong width, and keeps the rows it had', async () => {
    const bulk = new BulkRows('t', ['k', 'v']);
    bulk.add(1, 'a');
    expect(() => bulk.add(1)).toThrow(new Error('t: expected 2 values'));
    expect(() => bulk.add(1, 'b', 'c')).toThrow('t: expected 2 values');
    expect(bulk.size).toBe(1);
    await bulk.flush(conn);
    expect(rowsOf()).toEqual([{ k: 1, v: 'a' }]);
  });

  it('drops the rows after the first n on truncate (an undone command), and goes on adding after them', async () => {
    const bulk = new BulkRows('t', ['k', 'v']);
    for (let i = 0; i < 5; i++) bulk.add(i, `r${i}`);
    bulk.truncate(5);
    expect(bulk.size).toBe(5);
    bulk.truncate(2);
    expect(bulk.size).toBe(2);
    bulk.add(9, 'after');
    await bulk.flush(conn);
    expect(rowsOf()).toEqual([
      { k: 0, v: 'r0' },
      { k: 1, v: 'r1' },
      { k: 9, v: 'after' },
    ]);
    bulk.add(1, 'x');
    bulk.truncate(0);
    expect(bulk.size).toBe(0);
    await bulk.flush(conn);
    expect(rowsOf()).toHaveLength(3);
  });

  it('drops every row on clear (a failed batch)', async () => {
    const bulk = new BulkRows('t', ['k', 'v']);
    bulk.add(1, 'a');
    bulk.add(2, 'b');
    bulk.clear();
    expect(bulk.size).toBe(0);
    await bulk.flush(conn);
    expect(ran).toEqual([]);
    bulk.add(3, 'c');
    await bulk.flush(conn);
    expect(rowsOf()).toEqual([{ k: 3, v: 'c' }]);
  });

  it('completes each statement with its suffix, such as an upsert', async () => {
    const suffix = 'on conflict (k) do update set v = excluded.v, n = n + 1';
    const bulk = new BulkRows('u', ['k', 'v'], suffix);
    for (let k = 1; k <= 5; k++) bulk.add(k, `first${k}`);
    await bulk.flush(conn);
    expect(ran.map((r) => r.def.text)).toEqual([
      `insert into u (k, v) values (?, ?), (?, ?), (?, ?), (?, ?) ${suffix}`,
      `insert into u (k, v) values (?, ?) ${suffix}`,
    ]);
    for (const k of [2, 6, 4]) bulk.add(k, `second${k}`);
    await bulk.flush(conn);
    expect(sqlite.prepare('select k, v, n from u order by k').all()).toEqual([
      { k: 1, v: 'first1', n: 0 },
      { k: 2, v: 'second2', n: 1 },
      { k: 3, v: 'first3', n: 0 },
      { k: 4, v: 'second4', n: 1 },
      { k: 5, v: 'first5', n: 0 },
      { k: 6, v: 'second6', n: 0 },
    ]);
  });
});
