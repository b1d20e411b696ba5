import Decimal from 'decimal.js';
import { expect } from 'vitest';
import type { SettlementReceipt } from '../../domain';
import { DEFAULT_CATALOG } from '../../server/market/catalog';
import { withServerDb } from '../support/server-db';

const D = Decimal.clone({ precision: 80 });
const floor8 = (d: Decimal) => d.toDecimalPlaces(8, Decimal.ROUND_FLOOR);
const units = (d: Decimal) => BigInt(d.mul(1e8).toFixed(0));

/**
 * The independent replay check: for every closed position, recompute its settlement from
 * `spot_trades`, the order row and its receipt with plain decimal arithmetic (none of the server's
 * code), and check the ledger transaction the receipt names moved exactly that. Returns how many
 * positions were checked.
 */
export function replayClosed(dataDir: string): Promise<number> {
  return withServerDb(dataDir, async (db) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows, read column by column
    type Row = Record<string, any>;
    const rows = await db.all<Row>(`select * from lever_orders where status = 'closed'`);
    const trade = (id: number) =>
      db.get<{ price_ticks: number; symbol: string; id: number }>(
        'select * from spot_trades where id = ?',
        id,
      );
    const postings = (txId: number | null) =>
      db.all<{ user_id: number; field: string; delta: number }>(
        `select user_id, field, delta from journal where tx_id = ? and account = 'lever' order by id`,
        txId,
      );
    const { closeFeeRate, liquidationRiskRate } = DEFAULT_CATALOG.lever;
    for (const r of rows) {
      const tick = new D(DEFAULT_CATALOG.pairs.find((p) => p.symbol === r.symbol)!.tickSize);
      const receipt = JSON.parse(r.receipt as string) as SettlementReceipt;
      const exit = (await trade(r.close_trade_id))!;
      expect(exit.symbol).toBe(r.symbol);
      expect(exit.price_ticks).toBe(r.close_ticks);
      const exitInReceipt = receipt.trades.find((t) => t.role === 'exit')!;
      expect(exitInReceipt.id).toBe(exit.id);
      expect(new D(exitInReceipt.price).eq(tick.mul(exit.price_ticks))).toBe(true);
      const entry = (await trade(r.open_trade_id))!;
      const sign = r.side === 'long' ? 1 : -1;
      if (r.type === 'market') expect(r.open_ticks).toBe(entry.price_ticks);
      else {
        expect(r.open_ticks).toBe(r.limit_ticks);
        // The trade that opened a limit order reached its price.
        expect((r.limit_ticks - entry.price_ticks) * sign).toBeGreaterThanOrEqual(0);
      }
      const size = new D(r.lot).mul(r.hands);
      const open = tick.mul(r.open_ticks);
      const close = tick.mul(r.close_ticks);
      const margin = new D(r.margin_units).div(1e8);
      const pnl = floor8(close.minus(open).mul(size).mul(sign));
      const fee = floor8(close.mul(size).mul(closeFeeRate));
      const equity = margin.plus(pnl).minus(fee);
      const payout = equity.gt(0) ? equity : new D(0);
      expect(BigInt(r.pnl_units)).toBe(units(pnl));
      expect(BigInt(r.close_fee_units)).toBe(units(fee));
      const amount = (label: string) => receipt.amounts.find((a) => a.label === label)?.amount;
      expect(new D(amount('pnl')!).eq(pnl)).toBe(true);
      expect(new D(amount('payout')!).eq(payout)).toBe(true);
      expect(new D(amount('houseCover') ?? '0').eq(payout.minus(equity))).toBe(true);
      // The rule that fired held at that trade's price.
      const at = (ticks: number | null) => (ticks === null ? null : close.minus(tick.mul(ticks)).mul(sign));
      if (r.close_rule === 'tp') expect(at(r.tp_ticks)!.gte(0)).toBe(true);
      if (r.close_rule === 'sl') expect(at(r.sl_ticks)!.lte(0)).toBe(true);
      if (r.close_rule === 'liquidation') {
        expect(margin.plus(close.minus(open).mul(size).mul(sign)).lte(margin.mul(liquidationRiskRate))).toBe(
          true,
        );
      }
      // The ledger transaction moved exactly this: margin out of frozen, payout to available.
      const lines = await postings(receipt.ledgerTxId);
      const mine = (field: string) => lines.filter((l) => l.user_id === r.user_id && l.field === field);
      expect(mine('frozen').reduce((s, l) => s + BigInt(l.delta), 0n)).toBe(-BigInt(r.margin_units));
      expect(mine('available').reduce((s, l) => s + BigInt(l.delta), 0n)).toBe(units(payout));
    }
    return rows.length;
  });
}
