// The shared readers of row values (server/db/columns.ts) in each form either engine gives a value in,
// and statement tables bound once per engine (statementsPerEngine).
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { big, bigOrNull, num, numOrNull, sql, statementsPerEngine, sumUnits } from '../../../server/db';
import { sqliteEngine } from '../../../server/db/module';

describe('row value readers', () => {
  it('read integers given as numbers, bigints or decimal strings (PostgreSQL int8 and sums)', () => {
    expect(num(7n)).toBe(7);
    expect(num('7')).toBe(7);
    expect(big(123_456_789_012_345_678n)).toBe(123_456_789_012_345_678n);
    expect(big('123456789012345678')).toBe(123_456_789_012_345_678n);
    expect(big(5)).toBe(5n);
  });

  it('keep a null column null (SQLite null; a column a query left out is undefined)', () => {
    expect(numOrNull(null)).toBeNull();
    expect(numOrNull(undefined)).toBeNull();
    expect(numOrNull(0n)).toBe(0);
    expect(bigOrNull(null)).toBeNull();
    expect(bigOrNull(0)).toBe(0n);
  });

  it('read a sum over no rows as 0 and a PostgreSQL numeric sum exactly', () => {
    expect(sumUnits(null)).toBe(0n);
    expect(sumUnits(undefined)).toBe(0n);
    expect(sumUnits('900000000000000000001')).toBe(900_000_000_000_000_000_001n);
    expect(sumUnits(42n)).toBe(42n);
  });
});

describe('statementsPerEngine', () => {
  const opened: SQLite.Database[] = [];
  afterEach(() => opened.splice(0).forEach((db) => db.close()));

  function engine() {
    const db = new SQLite(':memory:');
    opened.push(db);
    db.exec('create table t (v integer)');
    return { db, engine: sqliteEngine(db, db) };
  }

  it('binds a table once per engine, and each engine reads its own database', async () => {
    const on = statementsPerEngine({
      total: sql<[], bigint>('select sum(v) as s from t', (r) => sumUnits(r.s)),
    });
    const a = engine();
    const b = engine();
    a.db.exec('insert into t values (2), (3)');
    expect(on(a.engine)).toBe(on(a.engine));
    expect(on(a.engine)).not.toBe(on(b.engine));
    expect(await on(a.engine).total.get()).toBe(5n);
    expect(await on(b.engine).total.get()).toBe(0n);
  });
});
