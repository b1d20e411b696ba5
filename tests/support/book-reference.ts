import Decimal from 'decimal.js';
import type { DepthLevel } from '../../domain';

/** A grouped row as compared in tests: bucket price as written, quantities as plain numbers. */
export interface RefRow {
  price: string;
  qty: string;
  total: string;
}

/**
 * The grouped rows of one side of a REST depth snapshot, computed independently of the worker with
 * decimal.js: bids floor and asks ceil to the step, quantities summed, best `rows` buckets first.
 */
export function groupReference(
  levels: readonly DepthLevel[],
  kind: 'bid' | 'ask',
  step: string,
  rows: number,
): RefRow[] {
  const sums = new Map<string, Decimal>();
  const order: string[] = [];
  for (const [p, q] of levels) {
    const bucket = new Decimal(p).div(step)[kind === 'bid' ? 'floor' : 'ceil']().mul(step);
    const key = bucket.toFixed(new Decimal(step).decimalPlaces());
    if (!sums.has(key)) {
      if (order.length === rows) break;
      order.push(key);
      sums.set(key, new Decimal(0));
    }
    sums.set(key, sums.get(key)!.plus(q));
  }
  let total = new Decimal(0);
  return order.map((price) => {
    const qty = sums.get(price)!;
    total = total.plus(qty);
    return { price, qty: qty.toString(), total: total.toString() };
  });
}

/** Rows of a worker book view in the reference's terms. */
export function asRefRows(rows: readonly { price: string; qty: string; total: string }[]): RefRow[] {
  return rows.map((r) => ({
    price: r.price,
    qty: new Decimal(r.qty).toString(),
    total: new Decimal(r.total).toString(),
  }));
}
