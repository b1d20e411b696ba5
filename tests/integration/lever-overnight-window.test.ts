// Which positions an overnight run charges: those open at its instant (opened before or exactly at
// it, by a market order or a limit entry), not those opened between the instant and the run, not an
// order still entrusting, not a position closed before the run (issue 30, items 2 and 4). The lever
// clock is fixed and moved by the test; prices come from real spot trades.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toUnits, type LeverOrder } from '../../domain';
import { dataOf } from '../support/assets';
import { withServerDb } from '../support/server-db';
import {
  expectLedgerSound,
  lever,
  leverBalance,
  openOrder,
  spotPair,
  startLeverServer,
  trader,
  type LeverServer,
  type Trader,
} from '../support/lever';

const T = Date.UTC(2031, 5, 1); // the instant: 00:00 UTC, fee day 2031-06-01
const DAY = 86_400_000;
const M = 60_000;

let s: LeverServer;
let trade: Awaited<ReturnType<typeof spotPair>>;
beforeAll(async () => {
  s = await startLeverServer({ clockAt: T - 3 * 60 * M });
  trade = await spotPair(s);
});
afterAll(() => s?.close());
afterEach(() => expectLedgerSound(s));

const at = (ms: number) => {
  s.clock.now = ms;
};
const orderOf = async (u: Trader, id: number) => dataOf<LeverOrder>(await lever(s, u, 'lever/order', { id }));
const market = async (u: Trader) => {
  await trade('BTC/USDT', '64000.00', '0.01');
  return openOrder(s, u, {});
};

/** The overnight-fee receipts of an order. */
async function feeReceipts(id: number): Promise<number> {
  const row = await withServerDb(s.dataDir, (db) =>
    db.get<{ n: number }>(
      `select count(*) as n from lever_receipts where order_id = ? and rule = 'overnightFee'`,
      id,
    ),
  );
  return Number(row!.n);
}

describe('overnight runs: positions opened before, at and after the instant', () => {
  it('charges exactly the positions open at the instant, each once per day', async () => {
    const u = await trader(s, '2000');
    at(T - 120 * M);
    await trade('BTC/USDT', '64000.00', '0.01');
    const limitBefore = await openOrder(s, u, { type: 'limit', price: '63500' });
    const limitAfter = await openOrder(s, u, { type: 'limit', price: '63000' });
    const entrusting = await openOrder(s, u, { type: 'limit', price: '60000' });
    at(T - 90 * M);
    await trade('BTC/USDT', '63400.00', '0.01'); // opens limitBefore
    at(T - 60 * M);
    const before = await market(u);
    const closed = await market(u);
    at(T - 30 * M);
    dataOf(await lever(s, u, 'lever/close', { id: closed.id }));
    at(T);
    const atInstant = await market(u);
    at(T + 1);
    const justAfter = await market(u);
    at(T + 10 * M);
    await trade('BTC/USDT', '62900.00', '0.01'); // opens limitAfter
    at(T + 30 * M);
    const after = await market(u);

    const rows: Array<[string, number, string, string]> = [
      // [name, id, fees after day D's run, after day D + 1's run]
      ['limit entry before', limitBefore.id, '0.19050000', '0.38100000'],
      ['market before', before.id, '0.19200000', '0.38400000'],
      ['closed before the run', closed.id, '0.00000000', '0.00000000'],
      ['market at the instant', atInstant.id, '0.19200000', '0.38400000'],
      ['market 1 ms after', justAfter.id, '0.00000000', '0.19200000'],
      ['limit entry after', limitAfter.id, '0.00000000', '0.18900000'],
      ['market after', after.id, '0.00000000', '0.19200000'],
      ['still entrusting', entrusting.id, '0.00000000', '0.00000000'],
    ];
    const fees = async (col: 2 | 3) => {
      const seen: string[] = [];
      const want: string[] = [];
      for (const r of rows) {
        seen.push(`${r[0]}: ${(await orderOf(u, r[1])).overnightFees}`);
        want.push(`${r[0]}: ${r[col]}`);
      }
      expect(seen).toEqual(want);
    };
    expect((await orderOf(u, limitBefore.id)).openedAt).toBe(T - 90 * M);
    expect((await orderOf(u, limitAfter.id)).openedAt).toBe(T + 10 * M);

    const service = s.lever.service!;
    at(T + 60 * M);
    const balance = (await leverBalance(s, u.id)).available;
    expect(await service.runOvernight(T)).toBe(3);
    await fees(2);
    expect((await leverBalance(s, u.id)).available).toBe(balance - toUnits('0.5745'));
    // The same day again, at its instant or any other: nothing.
    expect(await service.runOvernight(T)).toBe(0);
    expect(await service.runOvernight(T + 60 * M)).toBe(0);
    expect(await service.runOvernight(T + DAY - 1)).toBe(0);
    await fees(2);

    at(T + DAY + 5 * M);
    expect(await service.runOvernight(T + DAY)).toBe(6);
    await fees(3);
    expect(await Promise.all(rows.map((r) => feeReceipts(r[1])))).toEqual([2, 2, 0, 2, 1, 1, 1, 0]);
    dataOf(await lever(s, u, 'lever/closeAll', { scope: 'all' }));
    dataOf(await lever(s, u, 'lever/cancel', { id: entrusting.id }));
  });
});
