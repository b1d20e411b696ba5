import type { SettlementRule } from '../../domain';
import type { Ledger } from '../ledger';
import type { Catalog, TapeTrade, TradeTape } from '../market';
import type { PairUnits } from '../shared/units';
import { liquidationTicks, openReceipt, postClose, postEntry } from './money';
import type { LeverRow, LeverStore } from './store';
import type { Trigger } from './trigger-book';

/** A trigger a trade reached in a sweep: the order's new state and what fired it. */
export interface Fire {
  next: LeverRow;
  trig: Trigger;
  trade: TapeTrade;
}

/** Entry trades of the orders being closed, by trade id (read before the posts, see `entryTrades`). */
export type EntryTrades = ReadonlyMap<number, TapeTrade>;

/**
 * The settling writes of the lever engine, run inside the caller's writer command: a limit order's
 * entry and every close (a trigger, the user, a batch) post to the ledger and queue the row with its
 * receipt (`LeverStore.queueSave`, written when the command ends). The posts are synchronous: the
 * caller loads the holders (`holdersOf`) and reads the entry trades (`entryTrades`) once for all the
 * orders it settles. Memory is the engine's to update (`LeverService`).
 */
export class LeverSettlement {
  constructor(
    private readonly ledger: Ledger,
    private readonly store: LeverStore,
    private readonly catalog: Catalog,
    private readonly tape: TradeTape,
  ) {}

  /**
   * The new state of an order whose trigger `trade` reached, at `now` (epoch ms), before anything is
   * posted: an entry opens the order at its limit price (named by the trade that reached it); a close
   * leaves it closed, its amounts filled in by `settle`.
   */
  decide(row: LeverRow, trig: Trigger, trade: TapeTrade, units: PairUnits, now: number): LeverRow {
    if (trig.kind !== 'entry') return { ...row, status: 'closed' };
    const next: LeverRow = {
      ...row,
      status: 'trading',
      openTicks: row.limitTicks,
      openTradeId: trade.id,
      openedAt: now,
      updatedAt: now,
    };
    next.liqTicks = liquidationTicks(next, units, this.catalog.lever.liquidationRiskRate);
    return next;
  }

  /** Posts a decided fire and queues its row and receipt; `fire.next` is completed in place. */
  settle(fire: Fire, units: PairUnits, entries: EntryTrades, now: number): void {
    const { next, trig, trade } = fire;
    if (trig.kind === 'entry') {
      const txId = postEntry(this.ledger, next);
      this.store.queueSave(next);
      this.store.queueReceipt(next.id, openReceipt(next, trade, 'limitEntry', txId, now));
      return;
    }
    this.close(next, units, trade, trig.kind, 'engine', now, entries);
  }

  /**
   * Closes the open position `row` (updated in place) at `trade`'s price under `rule`, taken by
   * `actor` (`engine`, `user:<id>`) at `now` (epoch ms), and queues it with its receipt.
   */
  close(
    row: LeverRow,
    units: PairUnits,
    trade: TapeTrade,
    rule: SettlementRule,
    actor: string,
    now: number,
    entries: EntryTrades,
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
      row.openTradeId === null ? undefined : entries.get(row.openTradeId),
    );
    this.store.queueSave(row);
    this.store.queueReceipt(row.id, receipt);
  }

  /**
   * Adds to `known` the entry trades of `rows` it lacks, read from the stored trades (one read per
   * trade, however many orders share it); returns `known`.
   */
  async entryTrades(rows: Iterable<LeverRow>, known = new Map<number, TapeTrade>()): Promise<EntryTrades> {
    for (const r of rows) {
      if (r.openTradeId === null || known.has(r.openTradeId)) continue;
      const t = await this.tape.byId(r.openTradeId);
      if (t) known.set(t.id, t);
    }
    return known;
  }
}
