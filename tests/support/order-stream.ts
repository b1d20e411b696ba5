import { expect } from 'vitest';
import { violations } from './assets';
import { withServerDb } from './server-db';

/**
 * Order `i` of a stream named `prefix`: a buy far below any seller, so it rests, freezing 10 USDT of
 * the demo account's 100,000; its client order id (`<prefix>-<i>`) is the idempotency key.
 */
export function restingOrder(prefix: string, i: number) {
  return {
    symbol: 'BTC/USDT',
    side: 'buy',
    type: 'limit',
    price: String(10_000 + (i % 50)),
    qty: '0.001',
    clientOrderId: `${prefix}-${i}`,
  };
}

/**
 * Checks the stream `prefix` in the database on `dataDir` after a fault: every order in `acked`
 * (client order id → the id it was acknowledged with) is there under that id, none is there twice,
 * `total` orders when given, and the ledger's invariants hold.
 */
export async function expectEachOnce(
  dataDir: string,
  prefix: string,
  acked: ReadonlyMap<string, number>,
  total?: number,
): Promise<void> {
  const counts = await withServerDb(dataDir, (db) =>
    db.all<{ cid: string; n: number; id: number }>(
      `select client_order_id as cid, count(*) as n, min(id) as id from spot_orders
       where client_order_id like ? group by client_order_id`,
      `${prefix}-%`,
    ),
  );
  const byCid = new Map(counts.map((r) => [r.cid, r]));
  for (const [cid, id] of acked) expect(byCid.get(cid)?.id, cid).toBe(id);
  expect(counts.every((r) => Number(r.n) === 1)).toBe(true);
  if (total !== undefined) expect(counts.length).toBe(total);
  expect(await violations(dataDir)).toEqual([]);
}
