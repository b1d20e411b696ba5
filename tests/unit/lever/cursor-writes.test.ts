// The lever cursor (the last spot trade applied to a market's contracts) moves in memory during a
// writer batch and is written once per market when the batch flushes (server/lever/cursor-writes.ts):
// one update of the row per batch, not one per command (each costs more than the last on
// PostgreSQL), with a command's savepoint, a failed batch and the read isolation kept.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations } from '../../../server/app';
import type { Engine } from '../../../server/db';
import { migrate, sqliteEngine } from '../../../server/db/module';
import { LeverStore } from '../../../server/lever/store';

let sqlite: SQLite.Database;
let engine: Engine;
let store: LeverStore;
/** Statements that wrote the cursor row, as the writer's connection ran them. */
let cursorWrites: number;

beforeEach(async () => {
  sqlite = new SQLite(':memory:');
  const k = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(k, allMigrations());
  engine = sqliteEngine(sqlite);
  const conn = engine.writer.conn;
  const run = conn.run.bind(conn);
  cursorWrites = 0;
  conn.run = (def, params, bigints) => {
    if (def.text.includes('into lever_cursor')) cursorWrites++;
    return run(def, params, bigints);
  };
  store = new LeverStore(engine);
});

afterEach(async () => {
  await engine.close();
  sqlite.close();
});

const stored = (symbol: string) =>
  (sqlite.prepare('select trade_id from lever_cursor where symbol = ?').get(symbol) as { trade_id: number })
    ?.trade_id;

describe('lever cursor writes', () => {
  it('writes each market once per batch, at the greatest trade id the batch reached', async () => {
    await Promise.all([
      ...[5, 9, 7, 12, 3].map((id) => engine.writer.run(() => store.setCursor('BTC/USDT', id))),
      engine.writer.run(() => store.setCursor('ETH/USDT', 4)),
    ]);
    expect(engine.writer.stats.batches).toBe(1);
    expect(cursorWrites).toBe(2);
    expect(stored('BTC/USDT')).toBe(12);
    expect(stored('ETH/USDT')).toBe(4);
    // A later batch that moves no cursor writes none.
    await engine.writer.run(() => Promise.resolve());
    expect(cursorWrites).toBe(2);
  });

  it('never moves back across batches', async () => {
    await engine.writer.run(() => store.setCursor('BTC/USDT', 20));
    await engine.writer.run(() => store.setCursor('BTC/USDT', 8));
    expect(stored('BTC/USDT')).toBe(20);
    expect(await store.cursor('BTC/USDT')).toBe(20);
  });

  it('is seen moved inside the batch, and as committed outside it', async () => {
    await engine.writer.run(() => store.setCursor('BTC/USDT', 2));
    let inside: number | null = null;
    let moved!: () => void;
    const hasMoved = new Promise<void>((resolve) => (moved = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batch = engine.writer.run(async () => {
      await store.setCursor('BTC/USDT', 6);
      inside = await store.cursor('BTC/USDT');
      moved();
      await gate;
    });
    await hasMoved;
    // A reader outside the writer, while the batch that moved the cursor has not committed.
    const outside = await store.cursor('BTC/USDT');
    release();
    await batch;
    expect(inside).toBe(6);
    expect(outside).toBe(2);
    expect(await store.cursor('BTC/USDT')).toBe(6);
  });

  it('forgets what a failed command moved, and keeps what the batch’s other commands moved', async () => {
    const failed = engine.writer.run(async () => {
      await store.setCursor('BTC/USDT', 50);
      throw new Error('refused');
    });
    const kept = engine.writer.run(() => store.setCursor('BTC/USDT', 10));
    await expect(failed).rejects.toThrow('refused');
    await kept;
    expect(stored('BTC/USDT')).toBe(10);
  });

  it('keeps what earlier commands of the batch moved when a later one fails', async () => {
    const kept = engine.writer.run(() => store.setCursor('BTC/USDT', 10));
    const failed = engine.writer.run(async () => {
      await store.setCursor('BTC/USDT', 50);
      await store.setCursor('ETH/USDT', 7);
      throw new Error('refused');
    });
    await kept;
    await expect(failed).rejects.toThrow('refused');
    expect(stored('BTC/USDT')).toBe(10);
    expect(stored('ETH/USDT')).toBeUndefined();
  });

  it('writes nothing of a batch that failed as a whole', async () => {
    await engine.writer.run(() => store.setCursor('BTC/USDT', 1));
    const lost = engine.writer.run(() => store.setCursor('BTC/USDT', 30));
    // A command whose failure the savepoint cannot contain fails its batch.
    const fault = engine.writer.run(
      async () => {
        throw new Error('fault');
      },
      { savepoint: false },
    );
    await expect(lost).rejects.toThrow();
    await expect(fault).rejects.toThrow();
    expect(stored('BTC/USDT')).toBe(1);
    await engine.writer.run(() => store.setCursor('BTC/USDT', 3));
    expect(stored('BTC/USDT')).toBe(3);
  });

  it('refuses a move outside a command', async () => {
    await expect(store.setCursor('BTC/USDT', 1)).rejects.toThrow(/outside a command/);
  });
});
