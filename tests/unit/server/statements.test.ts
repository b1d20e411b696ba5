import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { prepareAll, prepareByKey, prepareOnUse, sql } from '../../../server/db/statements';

interface Item {
  id: number;
  units: bigint;
}

function open() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table items (id integer primary key, units integer not null)');
  return sqlite;
}

const STATEMENTS = {
  add: sql<[units: bigint]>('insert into items (units) values (?)'),
  byId: sql<[id: number], Item>('select id, units from items where id = ?', (r) => ({
    id: Number(r.id),
    units: BigInt(r.units as bigint),
  })),
  all: sql<[], { id: number }>('select id from items order by id'),
};

describe('typed statements', () => {
  it('runs each named statement with its parameters and maps rows', () => {
    const q = prepareAll(open(), STATEMENTS, { bigints: true });
    const big = 2n ** 60n + 1n;
    expect(q.add.run(big)).toEqual({ changes: 1, lastId: 1 });
    expect(q.add.run(5n)).toEqual({ changes: 1, lastId: 2 });
    // Above 2^53: exact only because integers come back as bigint.
    expect(q.byId.get(1)).toEqual({ id: 1, units: big });
    expect(q.byId.get(3)).toBeUndefined();
    expect(q.all.all().map((r) => Number(r.id))).toEqual([1, 2]);
  });

  it('reads integers as numbers unless the store asks for bigints', () => {
    const sqlite = open();
    const q = prepareAll(sqlite, STATEMENTS);
    q.add.run(7n);
    expect(q.all.all()).toEqual([{ id: 1 }]);
    expect(typeof q.all.get()!.id).toBe('number');
  });

  it('names the statement whose text does not prepare', () => {
    expect(() => prepareAll(open(), { broken: sql('select nope from missing') })).toThrow(
      /statement "broken"/,
    );
  });

  it('types parameters from the definition', () => {
    const q = prepareAll(open(), STATEMENTS);
    // @ts-expect-error a string id and a parameter the statement does not take
    expect(() => q.byId.get('x', 1)).toThrow();
    // @ts-expect-error a statement the table does not have
    expect(q.missing).toBeUndefined();
  });

  it('prepares on first use when asked, so a schema without some tables serves the others', () => {
    const sqlite = open();
    const q = prepareOnUse(sqlite, { ...STATEMENTS, missing: sql<[], never>('select nope from missing') });
    q.add.run(3n);
    expect(q.byId.get(1)).toEqual({ id: 1, units: 3n });
    expect(q.add).toBe(q.add);
    expect(() => q.missing.get()).toThrow(/statement "missing"/);
  });

  it('prepares a family of statements once per key, each on its first use', () => {
    const sqlite = open();
    const made: number[] = [];
    const insert = prepareByKey(
      sqlite,
      (rows: number) => {
        made.push(rows);
        return sql<bigint[]>(`insert into items (units) values ${Array(rows).fill('(?)').join(', ')}`);
      },
      { bigints: true },
    );
    expect(made).toEqual([]);
    expect(insert(2).run(1n, 2n).changes).toBe(2);
    expect(insert(2)).toBe(insert(2));
    expect(insert(1).run(3n).changes).toBe(1);
    expect(made).toEqual([2, 1]);
    const sum = prepareByKey(
      sqlite,
      (_: 'all') => sql<[], bigint>('select sum(units) as s from items', (r) => r.s as bigint),
      {
        bigints: true,
      },
    );
    expect(sum('all').get()).toBe(6n);
    const broken = prepareByKey(sqlite, (n: number) => sql(`select nope${n} from missing`));
    expect(() => broken(7)).toThrow(/statement "7"/);
  });
});
