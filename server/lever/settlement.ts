import type { SettlementRule } from '../../domain';
import type { Ledger } from '../ledger';
import type { Catalog, TapeTrade, TradeTape } from '../market';
import type { PairUnits } from '../shared/units';
import { liquidationTicks, openReceipt, postClose, postEntry } from './money';
import type { LeverRow, LeverStore } from './store';
import type { Trigger } from './trigger-book';

/**
 * The settling writes of the lever engine, run inside the caller's transaction: a limit order's entry
 * and every close (a trigger, the user, a batch) post to the ledger and store the row with its
 * receipt. Memory is the engine's to update once the writes are done (`LeverService`).
 */
export class LeverSettlement {
  constructor(
    private readonly ledger: Ledger,
    private readonly store: LeverStore,
    private readonly catalog: Catalog,
    private readonly tape: TradeTape,
  ) {}

  /** Fires one trigger that `trade` reached, at `now` (epoch ms); returns the order's new state. */
  fire(row: LeverRow, trig: Trigger, trade: TapeTrade, units: PairUnits, now: number): LeverRow {
    if (trig.kind === 'entry') {
      // A limit order opens at its limit price, named by the trade that reached it.
      const next: LeverRow = {
        ...row,
        status: 'trading',
        openTicks: row.limitTicks,
        openTradeId: trade.id,
        openedAt: now,
        updatedAt: now,
      };
      next.liqTicks = liquidationTicks(next, units, this.catalog.lever.liquidationRiskRate);
      const txId = postEntry(this.ledger, next);
      this.store.save(next);
      this.store.addReceipt(next.id, openReceipt(next, trade, 'limitEntry', txId, now));
      return next;
    }
    const rule: SettlementRule = trig.kind;
    const next = { ...row };
    this.close(next, units, trade, rule, 'engine', now);
    return next;
  }

  /**
   * Closes the open position `row` (updated in place) at `trade`'s price under `rule`, taken by
   * `actor` (`engine`, `user:<id>`) at `now` (epoch ms), and stores it with its receipt.
   */
  close(
    row: LeverRow,
    units: PairUnits,
    trade: TapeTrade,
    rule: SettlementRule,
    actor: string,
    now: number,
  ): void {
    const receipt = postClose(
      this.ledger,
      row,
      units,
      trade,
      rule,
      this.catalog.lever.closeFeeRate,
      actor,
      now,
      this.entryTrade(row),
    );
    this.store.save(row);
    this.store.addReceipt(row.id, receipt);
  }

  private entryTrade(row: LeverRow): TapeTrade | undefined {
    return row.openTradeId === null ? undefined : this.tape.byId(row.openTradeId);
  }
}
