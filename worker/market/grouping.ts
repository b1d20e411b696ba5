import type { DepthLevel } from '../../domain';
import { formatScaled, fractionDigits, toScaledBigInt } from './scaled';

/** Which sides a book view shows: both, bids only (`buy`) or asks only (`sell`). */
export type BookViewSide = 'both' | 'buy' | 'sell';

/** Row counts the order book widget offers. Any count from 1 to MAX_BOOK_ROWS is accepted. */
export const BOOK_ROW_CHOICES = [5, 10, 20] as const;
/** Largest row count per side. */
export const MAX_BOOK_ROWS = 100;

/** How a book is shown. */
export interface BookViewOptions {
  /** Rows per side, 1 to MAX_BOOK_ROWS (the UI offers 5, 10, 20). */
  rows: number;
  /**
   * Price grouping step in quote per base, a decimal string such as `0.01`, `0.1`, `1` or `10`.
   * Use the pair's tick size for no grouping.
   */
  step: string;
  side: BookViewSide;
}

/** One display-ready row. Prices and quantities are decimal strings. */
export interface BookRow {
  /** Bucket price in quote per base, written with the step's decimals. */
  price: string;
  /** Quantity in the bucket, in base (the exact sum of its levels). */
  qty: string;
  /** Cumulative quantity from the best row to this one, in base. */
  total: string;
  /** `total` as a fraction (0..1) of the largest total shown on either side: the depth bar width. */
  depth: number;
}

/** Grouped rows of both sides, best first. A side the view does not show is empty. */
export interface GroupedBook {
  bids: BookRow[];
  asks: BookRow[];
}

/** Throws RangeError unless `options` is a valid view. */
export function checkViewOptions(options: BookViewOptions): void {
  const { rows, step, side } = options;
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_BOOK_ROWS)
    throw new RangeError(`rows must be an integer from 1 to ${MAX_BOOK_ROWS}, got ${String(rows)}`);
  if (typeof step !== 'string' || !/^\d+(\.\d+)?$/.test(step) || !/[1-9]/.test(step))
    throw new RangeError(`step must be a positive decimal string, got ${String(step)}`);
  if (side !== 'both' && side !== 'buy' && side !== 'sell')
    throw new RangeError(`side must be both, buy or sell, got ${String(side)}`);
}

/** One bucket of a side: its price as a whole number of steps, and its quantity scaled by `qtyScale`. */
export interface GroupBucket {
  steps: bigint;
  qty: bigint;
}

/** A grouped side: buckets best first, and the scales to write them back as decimal strings. */
export interface GroupedSide {
  buckets: GroupBucket[];
  /** Decimals of the summed quantities (the most any level had). */
  qtyScale: number;
  /** Decimals of the step. */
  stepScale: number;
  /** The step × 10^stepScale. */
  stepUnits: bigint;
}

/**
 * Aggregates the best levels of one side (given best first) into at most `rows` buckets of `step`.
 * Bids floor to the bucket and asks ceil to it, so a grouped ask is never shown below the real best
 * ask (nor a grouped bid above the best bid). Quantities are summed exactly at the largest quantity
 * scale seen. Stops reading levels once `rows` buckets are complete.
 */
export function groupSide(
  levels: readonly DepthLevel[],
  side: 'bid' | 'ask',
  step: string,
  rows: number,
): GroupedSide {
  const stepScale = fractionDigits(step);
  const stepUnits = toScaledBigInt(step, stepScale);
  const buckets: GroupBucket[] = [];
  let qtyScale = 0;
  for (const [price, qty] of levels) {
    const priceScale = Math.max(stepScale, fractionDigits(price));
    const p = toScaledBigInt(price, priceScale);
    const s = stepUnits * 10n ** BigInt(priceScale - stepScale);
    // BigInt division truncates, which is a floor for these non-negative values.
    const steps = side === 'bid' ? p / s : (p + s - 1n) / s;
    const last = buckets[buckets.length - 1];
    if (!last || last.steps !== steps) {
      if (buckets.length === rows) break;
      buckets.push({ steps, qty: 0n });
    }
    const qd = fractionDigits(qty);
    if (qd > qtyScale) {
      // A longer quantity than seen so far: bring the earlier sums to its scale.
      const f = 10n ** BigInt(qd - qtyScale);
      for (const b of buckets) b.qty *= f;
      qtyScale = qd;
    }
    buckets[buckets.length - 1]!.qty += toScaledBigInt(qty, qtyScale);
  }
  return { buckets, qtyScale, stepScale, stepUnits };
}

/** Rows of one side with cumulative totals (depth is filled in by `groupBook`). */
function toRows(g: GroupedSide): { rows: BookRow[]; totals: bigint[] } {
  const rows: BookRow[] = [];
  const totals: bigint[] = [];
  let cum = 0n;
  for (const b of g.buckets) {
    cum += b.qty;
    totals.push(cum);
    rows.push({
      price: formatScaled(b.steps * g.stepUnits, g.stepScale),
      qty: formatScaled(b.qty, g.qtyScale),
      total: formatScaled(cum, g.qtyScale),
      depth: 0,
    });
  }
  return { rows, totals };
}

/**
 * Display-ready rows of a book: grouped by `step`, `rows` per side, cumulative totals and a depth
 * fraction relative to the largest total shown (so bids and asks bars share one scale).
 */
export function groupBook(
  bids: readonly DepthLevel[],
  asks: readonly DepthLevel[],
  options: BookViewOptions,
): GroupedBook {
  const { rows, step, side } = options;
  const b = side === 'sell' ? null : groupSide(bids, 'bid', step, rows);
  const a = side === 'buy' ? null : groupSide(asks, 'ask', step, rows);
  const br = b ? toRows(b) : { rows: [], totals: [] };
  const ar = a ? toRows(a) : { rows: [], totals: [] };
  // Totals of the two sides can have different scales; compare them at a common one.
  const bScale = b?.qtyScale ?? 0;
  const aScale = a?.qtyScale ?? 0;
  const common = Math.max(bScale, aScale);
  const up = (v: bigint, scale: number) => v * 10n ** BigInt(common - scale);
  const bMax = br.totals.length ? up(br.totals[br.totals.length - 1]!, bScale) : 0n;
  const aMax = ar.totals.length ? up(ar.totals[ar.totals.length - 1]!, aScale) : 0n;
  const max = bMax > aMax ? bMax : aMax;
  // A ratio for a bar width is display geometry, not money: a float is fine here.
  const fraction = (v: bigint, scale: number) => (max === 0n ? 0 : Number(up(v, scale)) / Number(max));
  br.rows.forEach((r, i) => (r.depth = fraction(br.totals[i]!, bScale)));
  ar.rows.forEach((r, i) => (r.depth = fraction(ar.totals[i]!, aScale)));
  return { bids: br.rows, asks: ar.rows };
}
