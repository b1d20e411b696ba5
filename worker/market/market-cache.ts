// The IndexedDB side of market data: tickers and candles are cached so the home, market and K-line
// pages can render at once (also offline), marked with the cache's age, before live data arrives.
import type { Candle, CandleInterval, Ticker } from '../../domain';
import type { CoreDb } from '../store';
import { isCandle, isTicker } from './guards';
import type { CachedTickers } from './types';

/** Most candles kept per symbol and interval, in the cache and in memory. */
export const CANDLE_CACHE_LIMIT = 500;

/** Replaces cached tickers with `tickers`, all stamped with `now` (ms since the epoch). */
export async function saveTickers(db: CoreDb, tickers: readonly Ticker[], now: number): Promise<void> {
  await db.tickers.bulkPut(tickers.map((t) => ({ symbol: t.symbol, data: t, cachedAt: now })));
}

/** Cached tickers sorted by symbol, with the newest save time. Rows that are not tickers are skipped. */
export async function loadTickers(db: CoreDb): Promise<CachedTickers> {
  const rows = await db.tickers.toArray();
  const tickers: Ticker[] = [];
  let savedAt: number | null = null;
  for (const row of rows) {
    if (!isTicker(row.data)) continue;
    tickers.push(row.data);
    if (savedAt === null || row.cachedAt > savedAt) savedAt = row.cachedAt;
  }
  tickers.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  return { tickers, savedAt };
}

const seriesRange = (db: CoreDb, symbol: string, interval: CandleInterval) =>
  db.candles
    .where('[symbol+interval+time]')
    .between([symbol, interval, -Infinity], [symbol, interval, Infinity], true, true);

/**
 * Stores candles of one series stamped with `now`, then trims the series to its `keep` newest
 * candles so the cache stays bounded however long the page stays open.
 */
export async function saveCandles(
  db: CoreDb,
  symbol: string,
  interval: CandleInterval,
  candles: readonly Candle[],
  now: number,
  keep: number = CANDLE_CACHE_LIMIT,
): Promise<void> {
  await db.transaction('rw', 'candles', async () => {
    await db.candles.bulkPut(candles.map((c) => ({ symbol, interval, time: c.t, data: c, cachedAt: now })));
    const old = await seriesRange(db, symbol, interval).reverse().offset(keep).primaryKeys();
    if (old.length > 0) await db.candles.bulkDelete(old);
  });
}

/** The `limit` newest cached candles of a series, oldest first, and the newest save time. */
export async function loadCandles(
  db: CoreDb,
  symbol: string,
  interval: CandleInterval,
  limit: number = CANDLE_CACHE_LIMIT,
): Promise<{ candles: Candle[]; savedAt: number | null }> {
  const rows = await seriesRange(db, symbol, interval).reverse().limit(limit).toArray();
  const candles: Candle[] = [];
  let savedAt: number | null = null;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (!isCandle(row.data)) continue;
    candles.push(row.data);
    if (savedAt === null || row.cachedAt > savedAt) savedAt = row.cachedAt;
  }
  return { candles, savedAt };
}
