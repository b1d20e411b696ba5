/**
 * Market data on the wire. Prices and quantities are canonical decimal strings: fixed to the pair's
 * tick (price) or lot (quantity) decimals, so the same level always has the same text and the
 * checksum can be computed on strings.
 */

/** One price level: price (quote per base) and total quantity (base). Quantity `0` removes the level. */
export type DepthLevel = [price: string, qty: string];

/** Levels covered by the depth checksum, per side. */
export const CHECKSUM_LEVELS = 25;

/** The full book of a market at sequence `seq`. Bids best (highest) first, asks best (lowest) first. */
export interface DepthSnapshot {
  type: 'snapshot';
  symbol: string;
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
  /** depthChecksum of the top CHECKSUM_LEVELS of this snapshot. */
  checksum: number;
}

/**
 * Changed levels since `prevSeq`, bringing the book to `seq` (= prevSeq + 1). A client whose book is
 * not at `prevSeq` has missed a message and must resync from a snapshot.
 */
export interface DepthDiff {
  type: 'diff';
  symbol: string;
  seq: number;
  prevSeq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
  /** depthChecksum of the top CHECKSUM_LEVELS after applying this diff. */
  checksum: number;
}

/** A depth channel message. */
export type DepthMessage = DepthSnapshot | DepthDiff;

/** One trade as the public sees it. */
export interface TradeTick {
  id: number;
  symbol: string;
  price: string;
  qty: string;
  /** Side of the incoming (taker) order. */
  side: 'buy' | 'sell';
  /** Milliseconds since the epoch. */
  ts: number;
}

/** Rolling 24-hour statistics of a market. */
export interface Ticker {
  symbol: string;
  last: string;
  /** Price 24 hours ago (first trade price in the window). */
  open: string;
  high: string;
  low: string;
  /** Base volume over 24 h. */
  volume: string;
  /** Quote volume over 24 h. */
  quoteVolume: string;
  /** Change from `open` to `last` in percent, two decimals, floored toward zero, such as `-1.25`. */
  changePct: string;
  /** Milliseconds since the epoch of the last update. */
  ts: number;
}

/** Candle intervals of the K-line page. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
/** One candle interval. */
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
/** Length of each interval, in milliseconds. Weeks start on Monday 00:00 UTC. */
export const INTERVAL_MS: Readonly<Record<CandleInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/** Start of the interval containing `ts` (ms since the epoch, UTC; weeks start on Monday). */
export function bucketStart(ts: number, interval: CandleInterval): number {
  const len = INTERVAL_MS[interval];
  // 1970-01-01 was a Thursday; weeks are aligned to Monday, four days later.
  const offset = interval === '1w' ? 4 * 86_400_000 : 0;
  return Math.floor((ts - offset) / len) * len + offset;
}

/** One candle: open time and OHLC prices, base and quote volume. */
export interface Candle {
  /** Open time, milliseconds since the epoch. */
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** Base volume. */
  v: string;
  /** Quote volume. */
  qv: string;
}

/** Socket channel names. */
export const channels = {
  depth: (symbol: string) => `depth:${symbol}`,
  trades: (symbol: string) => `trades:${symbol}`,
  candles: (symbol: string, interval: CandleInterval) => `candles:${symbol}:${interval}`,
  /** All tickers; each message is an array of changed tickers. */
  tickers: 'tickers',
  /** The signed-in user's order and balance events (after the socket `auth` op). */
  private: 'private',
} as const;

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 (IEEE) of an ASCII string, as a signed 32-bit integer. */
export function crc32(text: string): number {
  let crc = -1;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return crc ^ -1;
}

/**
 * Checksum of the top CHECKSUM_LEVELS of each side: CRC-32 of the levels interleaved as
 * `bidPrice:bidQty:askPrice:askQty:…` (a side that runs out simply stops contributing).
 */
export function depthChecksum(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): number {
  const parts: string[] = [];
  for (let i = 0; i < CHECKSUM_LEVELS; i++) {
    const b = bids[i];
    const a = asks[i];
    if (!b && !a) break;
    if (b) parts.push(b[0], b[1]);
    if (a) parts.push(a[0], a[1]);
  }
  return crc32(parts.join(':'));
}
