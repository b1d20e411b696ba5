// Shape checks for market data arriving from the socket or REST. They are shallow on purpose: they run
// on every message, and the deeper checks (decimal syntax of each level) happen where a value is used,
// so a bad level fails that one message (and a resync) rather than costing every message a deep walk.
import type { Candle, DepthDiff, DepthLevel, DepthSnapshot, Ticker, TradeTick } from '../../domain';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isLevels = (v: unknown): v is DepthLevel[] =>
  Array.isArray(v) && v.every((l) => Array.isArray(l) && l.length === 2 && isStr(l[0]) && isStr(l[1]));

/** True for a depth snapshot of any symbol. */
export function isDepthSnapshot(v: unknown): v is DepthSnapshot {
  return (
    isObj(v) &&
    v.type === 'snapshot' &&
    isStr(v.symbol) &&
    isInt(v.seq) &&
    isInt(v.checksum) &&
    isLevels(v.bids) &&
    isLevels(v.asks)
  );
}

/** True for a depth diff of any symbol. */
export function isDepthDiff(v: unknown): v is DepthDiff {
  return (
    isObj(v) &&
    v.type === 'diff' &&
    isStr(v.symbol) &&
    isInt(v.seq) &&
    isInt(v.prevSeq) &&
    isInt(v.checksum) &&
    isLevels(v.bids) &&
    isLevels(v.asks)
  );
}

/** True for a ticker. */
export function isTicker(v: unknown): v is Ticker {
  return (
    isObj(v) &&
    isStr(v.symbol) &&
    isStr(v.last) &&
    isStr(v.open) &&
    isStr(v.high) &&
    isStr(v.low) &&
    isStr(v.volume) &&
    isStr(v.quoteVolume) &&
    isStr(v.changePct) &&
    typeof v.ts === 'number'
  );
}

/** True for a public trade. */
export function isTradeTick(v: unknown): v is TradeTick {
  return (
    isObj(v) &&
    isInt(v.id) &&
    isStr(v.symbol) &&
    isStr(v.price) &&
    isStr(v.qty) &&
    (v.side === 'buy' || v.side === 'sell') &&
    typeof v.ts === 'number'
  );
}

/** True for a candle. */
export function isCandle(v: unknown): v is Candle {
  return (
    isObj(v) &&
    typeof v.t === 'number' &&
    isStr(v.o) &&
    isStr(v.h) &&
    isStr(v.l) &&
    isStr(v.c) &&
    isStr(v.v) &&
    isStr(v.qv)
  );
}

/** One item or an array of items, keeping those that pass `guard`. */
export function itemsOf<T>(data: unknown, guard: (v: unknown) => v is T): T[] {
  return Array.isArray(data) ? data.filter(guard) : guard(data) ? [data] : [];
}
