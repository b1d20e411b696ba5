// Overnight fees are daily: runs are keyed by the UTC fee day, so a changed time of day neither
// charges a day twice nor skips one (issue 30, item 6).
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, sqliteEngine } from '../../../server/db/module';
import { allMigrations } from '../../../server/app';
import { migrationsUpTo, stepNames } from '../../support/db';
import { DAY_MS, feeDay, missedOvernights } from '../../../server/lever/overnight';
import { LeverStore } from '../../../server/lever/store';

const D = Date.UTC(2031, 2, 5);
const H = 3_600_000;
const M = 60_000;

describe('fee day', () => {
  it('is the UTC date of the instant', () => {
    expect(feeDay(D)).toBe('2031-03-05');
    expect(feeDay(D + DAY_MS - 1)).toBe('2031-03-05');
    expect(feeDay(D + DAY_MS)).toBe('2031-03-06');
  });
});

describe('missed overnights when the time of day changes', () => {
  it('moved later the same day: the day already charged at 14:59 is not charged at 15:00 or 15:01', () => {
    expect(missedOvernights(D + 15 * H + 30_000, '15:00', '2031-03-05')).toEqual([]);
    expect(missedOvernights(D + 15 * H + M + 30_000, '15:01', '2031-03-05')).toEqual([]);
    // The next day is charged at the new time.
    expect(missedOvernights(D + DAY_MS + 15 * H + 2 * M, '15:01', '2031-03-05')).toEqual([
      D + DAY_MS + 15 * H + M,
    ]);
  });

  it('moved earlier: no second charge the same day, and the next day is not skipped', () => {
    // Day D ran at 15:00; at 16:00 the time is 14:00: D is done.
    expect(missedOvernights(D + 16 * H, '14:00', '2031-03-05')).toEqual([]);
    // Next day before 14:00: nothing yet; at 14:00: D + 1.
    expect(missedOvernights(D + DAY_MS + 13 * H, '14:00', '2031-03-05')).toEqual([]);
    expect(missedOvernights(D + DAY_MS + 14 * H, '14:00', '2031-03-05')).toEqual([D + DAY_MS + 14 * H]);
  });

  it('moved earlier before the day ran: the day is charged at once, at its new instant', () => {
    // D - 1 ran; restarted at 14:30 on D with 14:00 (was 15:00).
    expect(missedOvernights(D + 14 * H + 30 * M, '14:00', '2031-03-04')).toEqual([D + 14 * H]);
  });

  it('catches up each missed day once across a time change, oldest first', () => {
    expect(missedOvernights(D + 3 * DAY_MS + 10 * H, '09:00', '2031-03-05')).toEqual([
      D + DAY_MS + 9 * H,
      D + 2 * DAY_MS + 9 * H,
      D + 3 * DAY_MS + 9 * H,
    ]);
  });
});

async function migrated(sqlite: SQLite.Database, upTo: string): Promise<Kysely<unknown>> {
  const k = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(k, migrationsUpTo(upTo));
  return k;
}

describe('025-lever-overnight-days', () => {
  it('keys the runs by day, keeps each day’s first run, and refuses a second run of a day', async () => {
    const sqlite = new SQLite(':memory:');
    const names = stepNames();
    const k = await migrated(sqlite, names[names.indexOf('025-lever-overnight-days') - 1]!);
    // The defect's history: day D charged at 14:59, 15:00 and 15:01; the day before once.
    sqlite.exec(`insert into lever_overnight_runs (at, positions, ran_at) values
      (${D - DAY_MS + 14 * H + 59 * M}, 2, ${D - DAY_MS + 15 * H}),
      (${D + 15 * H + M}, 3, ${D + 15 * H + 2 * M}),
      (${D + 14 * H + 59 * M}, 3, ${D + 15 * H}),
      (${D + 15 * H}, 3, ${D + 15 * H + M})`);
    await migrate(k, allMigrations());
    expect(sqlite.prepare('select * from lever_overnight_runs order by day').all()).toEqual([
      { day: '2031-03-04', at: D - DAY_MS + 14 * H + 59 * M, positions: 2, ran_at: D - DAY_MS + 15 * H },
      { day: '2031-03-05', at: D + 14 * H + 59 * M, positions: 3, ran_at: D + 15 * H },
    ]);
    const engine = sqliteEngine(sqlite);
    const store = new LeverStore(engine);
    expect(await store.lastOvernightDay()).toBe('2031-03-05');
    expect(await store.overnightRan('2031-03-05')).toBe(true);
    expect(await store.overnightRan('2031-03-06')).toBe(false);
    await expect(
      engine.writer.run(() => store.recordOvernight('2031-03-05', D + 16 * H, 1, D + 16 * H)),
    ).rejects.toThrow(/UNIQUE/);
    await engine.writer.run(() =>
      store.recordOvernight('2031-03-06', D + DAY_MS + 14 * H, 1, D + DAY_MS + 14 * H),
    );
    expect(await store.lastOvernightDay()).toBe('2031-03-06');
    await engine.close();
    await k.destroy();
  });

  it('an empty database has no last day', async () => {
    const sqlite = new SQLite(':memory:');
    const k = await migrated(sqlite, '025-lever-overnight-days');
    const engine = sqliteEngine(sqlite);
    expect(await new LeverStore(engine).lastOvernightDay()).toBeNull();
    await engine.close();
    await k.destroy();
  });
});
