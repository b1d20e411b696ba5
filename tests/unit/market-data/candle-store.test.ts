import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Candle } from '../../../domain';
import {
  CANDLES_DDL,
  CandleBook,
  DbCandleStore,
  candleHistory,
  candlesMigration,
  loadCandles,
} from '../../../server/market/data';
import { sqliteEngine } from '../../../server/db/module';

const pair = { symbol: 'BTC/USDT', tickSize: '0.01', lotSize: '0.00001' };
const T = Date.UTC(2024, 0, 1);
const candle = (i: number, c = '1.00'): Candle => ({
  t: T + i * 60_000,
  o: '1.00',
  h: '2.00',
  l: '0.50',
  c,
  v: '0.00010',
  qv: '0.0001000',
});

let db: SQLite.Database;
let store: DbCandleStore;

beforeEach(() => {
  db = new SQLite(':memory:');
  for (const stmt of CANDLES_DDL) db.exec(stmt);
  store = new DbCandleStore(sqliteEngine(db));
});
afterEach(() => db.close());

describe('DbCandleStore', () => {
  it('round-trips candles exactly and upserts by (symbol, interval, t)', async () => {
    await store.save('BTC/USDT', '1m', candle(0));
    await store.save('BTC/USDT', '1m', candle(0, '1.50'));
    await store.saveMany([
      { symbol: 'BTC/USDT', interval: '1m', candle: candle(1) },
      { symbol: 'BTC/USDT', interval: '5m', candle: candle(0) },
      { symbol: 'ETH/USDT', interval: '1m', candle: candle(2) },
    ]);
    expect(await store.list('BTC/USDT', '1m', undefined, 10)).toEqual([candle(0, '1.50'), candle(1)]);
    expect(await store.list('BTC/USDT', '5m', undefined, 10)).toEqual([candle(0)]);
    expect(await store.list('ETH/USDT', '1m', undefined, 10)).toEqual([candle(2)]);
    expect(db.prepare('select count(*) as n from candles').get()).toEqual({ n: 4 });
  });

  it('lists the newest `limit` before a time, oldest first', async () => {
    await store.saveMany(
      Array.from({ length: 10 }, (_, i) => ({
        symbol: 'BTC/USDT',
        interval: '1m' as const,
        candle: candle(i),
      })),
    );
    expect((await store.list('BTC/USDT', '1m', undefined, 3)).map((c) => c.t)).toEqual(
      [7, 8, 9].map((i) => T + i * 60_000),
    );
    expect((await store.list('BTC/USDT', '1m', T + 5 * 60_000, 2)).map((c) => c.t)).toEqual(
      [3, 4].map((i) => T + i * 60_000),
    );
    expect(await store.list('BTC/USDT', '1m', T, 5)).toEqual([]);
    expect(await store.list('BTC/USDT', '1m', undefined, 0)).toEqual([]);
  });

  it('rolls back a failing batch as a whole', async () => {
    const bad = { symbol: 'BTC/USDT', interval: '2m' as never, candle: candle(1) };
    await expect(
      store.saveMany([{ symbol: 'BTC/USDT', interval: '1m', candle: candle(0) }, bad]),
    ).rejects.toThrow();
    expect(await store.list('BTC/USDT', '1m', undefined, 10)).toEqual([]);
  });

  it('continues history from the store when memory runs out, and loads at start-up', async () => {
    const book = new CandleBook({ pair, memoryCandles: 3 });
    for (let i = 0; i < 6; i++) {
      const changed = book.onTrade({
        id: i + 1,
        priceTicks: 100 + i,
        lots: 1,
        takerSide: 'sell',
        ts: T + i * 60_000,
      });
      await store.saveMany(changed.map((c) => ({ symbol: 'BTC/USDT', ...c })));
    }
    const expected = await store.list('BTC/USDT', '1m', undefined, 100);
    expect(expected).toHaveLength(6);
    expect(await candleHistory(book, store, '1m', undefined, 5)).toEqual(expected.slice(1));
    expect(await candleHistory(book, store, '1m', T + 2 * 60_000, 5)).toEqual(expected.slice(0, 2));
    expect(await candleHistory(book, undefined, '1m', undefined, 5)).toEqual(expected.slice(3));

    const restarted = new CandleBook({ pair, memoryCandles: 3 });
    await loadCandles(restarted, store, 3);
    expect(restarted.history('1m', undefined, 10)).toEqual(expected.slice(3));
    expect(restarted.latest('1d')).toEqual(book.latest('1d'));
  });
});

describe('candlesMigration', () => {
  it('creates the table through Kysely (004-candles)', async () => {
    const raw = new SQLite(':memory:');
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
    expect(candlesMigration.name).toBe('004-candles');
    await candlesMigration.up(kysely, 'sqlite');
    const cols = await sql<{ name: string; pk: number }>`pragma table_info(candles)`.execute(kysely);
    expect(cols.rows.filter((c) => c.pk > 0).map((c) => c.name)).toEqual(['symbol', 'interval', 't']);
    await new DbCandleStore(sqliteEngine(raw)).save('BTC/USDT', '1w', candle(0));
    expect(await new DbCandleStore(sqliteEngine(raw)).list('BTC/USDT', '1w', undefined, 1)).toEqual([
      candle(0),
    ]);
    await kysely.destroy();
  });
});
