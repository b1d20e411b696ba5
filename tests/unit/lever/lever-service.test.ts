// The lever engine on the one writer (server/lever/service.ts, sweep.ts): a trigger sweep that fires
// many orders is one command, a batch of trades that fires nothing is none, a command prices at the
// last evaluated trade, checks run inside the command that writes, and memory follows a command or a
// batch that fails. The money of each move is in lever-money.mutation.test.ts.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import { ledgerViolations } from '../../../server/ledger';
import { DEFAULT_CATALOG } from '../../../server/market/catalog';
import { leverHarness, query, SYMBOL, T0, type LeverHarness } from './lever-harness';

/** A market long of 10 hands (0.01 BTC) at 100×: at 64 000 its margin is 6.4, liquidated at 63 488. */
const LONG = { symbol: SYMBOL, side: 'long', type: 'market', multiple: 100, hands: 10 } as const;
const wallet = (userId: number) => ({ userId, account: 'lever' as const, coin: 'USDT' });

const receipts = async (h: LeverHarness, rule: string) =>
  (await query(h.db, 'select order_id from lever_receipts where rule = ? order by id', rule)).map(
    (r) => r.order_id,
  );
const statusOf = async (h: LeverHarness, id: number) =>
  (await query(h.db, 'select status from lever_orders where id = ?', id))[0]?.status;
const commands = (h: LeverHarness) => h.db.engine.writer.stats.commands;

describe('trigger sweeps', () => {
  it('fire a limit entry and then its liquidation in one command over one batch of trades', async () => {
    const h = await leverHarness();
    await h.trade([[1, 6_400_500]]);
    const order = await h.service.open(1, { ...LONG, type: 'limit', price: '64000' });
    expect(order.status).toBe('entrusting');
    await h.store([
      [2, 6_399_000],
      [3, 6_340_000],
    ]);
    const before = commands(h);
    h.tape.record([
      { id: 2, symbol: SYMBOL, priceTicks: 6_399_000, lots: 1, ts: T0 },
      { id: 3, symbol: SYMBOL, priceTicks: 6_340_000, lots: 1, ts: T0 },
    ]);
    await h.service.idle();
    expect(commands(h) - before).toBe(1);
    const row = (await h.service.store.get(order.id))!;
    expect(row).toMatchObject({
      status: 'closed',
      openTicks: 6_400_000,
      openTradeId: 2,
      closeRule: 'liquidation',
    });
    expect(row.receipt!.trades.map((t) => [t.role, t.id])).toEqual([
      ['trigger', 2],
      ['exit', 3],
    ]);
    expect(await receipts(h, 'limitEntry')).toEqual([order.id]);
    expect(await receipts(h, 'liquidation')).toEqual([order.id]);
    expect(h.service.openRows()).toEqual([]);
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('close many positions in one command, and a batch that reaches nothing costs none', async () => {
    const h = await leverHarness();
    await h.trade([[1, 6_400_000]]);
    await Promise.all(Array.from({ length: 200 }, (_, i) => h.service.open(1 + (i % 2), LONG)));
    expect(h.service.exposure(SYMBOL)).toBe(2000);
    let before = commands(h);
    await h.trade([[2, 6_390_000]]);
    // Only the trade's own storing: nothing was reached.
    expect(commands(h) - before).toBe(1);
    before = commands(h);
    await h.trade([[3, 6_300_000]]);
    expect(commands(h) - before).toBe(2);
    expect((await receipts(h, 'liquidation')).length).toBe(200);
    expect(h.service.exposure(SYMBOL)).toBe(0);
    // Each lost the whole margin (6.4) and the open fee (0.32); the house kept them.
    for (const userId of [1, 2]) {
      expect(await h.ledger.balance(wallet(userId))).toEqual({ available: toUnits('99328'), frozen: 0n });
    }
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('a command queued before a sweep prices at the last evaluated trade, and older trades never reach it', async () => {
    const h = await leverHarness();
    await h.trade([[1, 6_400_000]]);
    await h.service.open(2, { ...LONG, type: 'limit', price: '63995' });
    await h.store([
      [2, 6_399_000],
      [3, 6_500_000],
    ]);
    // The open is queued first; the trades reach the limit order, so their sweep is queued after it.
    const opening = h.service.open(1, LONG);
    h.tape.record([
      { id: 2, symbol: SYMBOL, priceTicks: 6_399_000, lots: 1, ts: T0 },
      { id: 3, symbol: SYMBOL, priceTicks: 6_500_000, lots: 1, ts: T0 },
    ]);
    const opened = await opening;
    await h.service.idle();
    // At 65 000 it would have been liquidated by the older trade at 63 990 (below 64 480).
    expect(opened).toMatchObject({ openTicks: 6_400_000, openTradeId: 1, liqTicks: 6_348_800 });
    expect(await statusOf(h, opened.id)).toBe('trading');
    expect(await receipts(h, 'limitEntry')).toHaveLength(1);
    // From now on the last trade is the price.
    expect((await h.service.open(1, LONG)).openTicks).toBe(6_500_000);
  });

  it('take back what a sweep changed in memory when its batch fails, and fire it later, once', async () => {
    const h = await leverHarness();
    await h.trade([[1, 6_400_000]]);
    const pos = await h.service.open(1, LONG);
    const balance = await h.ledger.balance(wallet(1));
    await h.store([[2, 6_300_000]]);
    h.tape.record([{ id: 2, symbol: SYMBOL, priceTicks: 6_300_000, lots: 1, ts: T0 }]);
    // A command of the same batch fails without a savepoint: the whole batch, the sweep's close in it,
    // rolls back.
    const fault = h.db.engine.writer.run(
      () => {
        throw new Error('fault');
      },
      { savepoint: false },
    );
    await expect(fault).rejects.toThrow();
    await h.service.idle();
    expect(await statusOf(h, pos.id)).toBe('trading');
    expect(h.service.openRows().map((r) => r.id)).toEqual([pos.id]);
    expect(h.service.exposure(SYMBOL)).toBe(10);
    expect(await h.ledger.balance(wallet(1))).toEqual(balance);
    expect(await receipts(h, 'liquidation')).toEqual([]);
    // Its liquidation trigger is back: the next trade below it liquidates the position, once.
    await h.trade([[3, 6_290_000]]);
    expect(await receipts(h, 'liquidation')).toEqual([pos.id]);
    expect((await h.service.store.get(pos.id))!.closeTradeId).toBe(3);
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('catch up after a restart with the trades stored while down, exactly once', async () => {
    const h = await leverHarness();
    await h.trade([[1, 6_400_000]]);
    const pos = await h.service.open(1, LONG);
    await h.store([[2, 6_300_000]]);
    const again = await h.restart();
    expect(await statusOf(h, pos.id)).toBe('closed');
    expect(again.openRows()).toEqual([]);
    expect(await query(h.db, 'select trade_id from lever_cursor where symbol = ?', SYMBOL)).toEqual([
      { trade_id: 2 },
    ]);
    // Trades that fire nothing while down still move the cursor on the next start.
    await h.store([[3, 6_310_000]]);
    await h.restart();
    expect(await receipts(h, 'liquidation')).toEqual([pos.id]);
    expect(await query(h.db, 'select trade_id from lever_cursor where symbol = ?', SYMBOL)).toEqual([
      { trade_id: 3 },
    ]);
  });
});

describe('user commands', () => {
  it('check inside the command: of two closes of one position in one batch, one closes it', async () => {
    const h = await leverHarness();
    await h.trade([[1, 6_400_000]]);
    const pos = await h.service.open(1, LONG);
    const outcomes = await Promise.allSettled([h.service.close(1, pos.id), h.service.close(1, pos.id)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ key: 'leverNotOpen' });
    expect(await receipts(h, 'close')).toEqual([pos.id]);
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });

  it('check the house exposure cap against the orders of the same batch', async () => {
    const h = await leverHarness({
      lever: {
        pairs: DEFAULT_CATALOG.lever.pairs.map((p) =>
          p.symbol === SYMBOL ? { ...p, maxExposureHands: 10 } : p,
        ),
      },
    });
    await h.trade([[1, 6_400_000]]);
    const outcomes = await Promise.allSettled([
      h.service.open(1, { ...LONG, hands: 6 }),
      h.service.open(2, { ...LONG, hands: 6 }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ key: 'leverExposureCap' });
    expect(h.service.exposure(SYMBOL)).toBe(6);
  });

  it('take back a refused open: no row, no id used, memory unchanged', async () => {
    const h = await leverHarness({ funds: '10' });
    await h.trade([[1, 6_400_000]]);
    await expect(h.service.open(1, { ...LONG, hands: 20 })).rejects.toMatchObject({
      key: 'insufficientBalance',
    });
    expect(h.service.openRows()).toEqual([]);
    expect(h.service.exposure(SYMBOL)).toBe(0);
    expect((await h.service.open(1, LONG)).id).toBe(1);
  });
});

describe('the overnight run', () => {
  it('charges each open position once per fee day, in one command, even when run twice at once', async () => {
    const h = await leverHarness();
    await h.trade([[1, 6_400_000]]);
    const a = await h.service.open(1, LONG);
    const b = await h.service.open(1, LONG);
    const before = await h.ledger.balance(wallet(1));
    const at = T0 + 60_000;
    const commandsBefore = commands(h);
    expect(await Promise.all([h.service.runOvernight(at), h.service.runOvernight(at)])).toEqual([2, 0]);
    expect(commands(h) - commandsBefore).toBe(2);
    expect(await h.service.runOvernight(at + 3_600_000)).toBe(0);
    // 0.0003 of the 640 notional of each: 0.192, from available.
    expect(await h.ledger.balance(wallet(1))).toEqual({
      available: before.available - 2n * toUnits('0.192'),
      frozen: before.frozen,
    });
    expect(await receipts(h, 'overnightFee')).toEqual([a.id, b.id]);
    expect(h.service.openRows().map((r) => r.overnightUnits)).toEqual([toUnits('0.192'), toUnits('0.192')]);
    expect(await query(h.db, 'select positions from lever_overnight_runs')).toEqual([{ positions: 2 }]);
    expect(await ledgerViolations(h.db.engine)).toEqual([]);
  });
});
