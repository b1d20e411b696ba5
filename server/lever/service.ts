import { tpSlProblem } from '../../domain/lever-math';
import { fromUnits, type LeverCloseScope, type LeverOpenReq, type SettlementRule } from '../../domain';
import type { Engine } from '../db';
import { fail, notFound } from '../http';
import type { Ledger } from '../ledger';
import type { Catalog, TapeTrade, TradeTape } from '../market';
import { UndoLog } from '../shared/undo-log';
import { PairUnits } from '../shared/units';
import {
  holdersOf,
  liquidationTicks,
  openCost,
  openReceipt,
  postCancel,
  postEntrust,
  postOpen,
  postOvernight,
} from './money';
import { parseOpen, parsePrice } from './parse';
import { type LeverRow, LeverStore } from './store';
import { LiveBook } from './live-book';
import { feeDay } from './overnight';
import { LeverSettlement } from './settlement';
import { TradeSweep, type LeverEngine } from './sweep';

/** Called after a change commits, with the rows it changed (for the private socket channel). */
export type ChangeListener = (rows: readonly LeverRow[]) => void;

/**
 * The lever engine: contract orders and positions against the house, priced only by the last trade
 * of our own spot book (the trade tape). Every change is one writer command, with one ledger
 * transaction per event: a user's order, a batch close, a trigger sweep over a batch of trades, the
 * overnight run. The in-memory state (open orders, trigger books, house exposure) changes inside the
 * command that writes the same change, so the next command sees it, and is taken back with it if the
 * command or its batch fails (`UndoLog`). Listeners hear of a change once its batch committed.
 */
export class LeverService implements LeverEngine {
  readonly store: LeverStore;
  readonly settlement: LeverSettlement;
  readonly mem: LiveBook;
  private readonly units = new Map<string, PairUnits>();
  private readonly sweep: TradeSweep;
  private readonly undo: UndoLog;
  private readonly listeners: ChangeListener[] = [];
  private nextId = 0;

  constructor(
    private readonly engine: Engine,
    readonly ledger: Ledger,
    private readonly catalog: Catalog,
    tape: TradeTape,
    readonly now: () => number = Date.now,
  ) {
    this.store = new LeverStore(engine);
    this.settlement = new LeverSettlement(ledger, this.store, catalog, tape);
    for (const t of catalog.lever.pairs) {
      this.units.set(t.symbol, new PairUnits(catalog.pairs.find((p) => p.symbol === t.symbol)!));
    }
    this.mem = new LiveBook(catalog.lever.pairs.map((p) => p.symbol));
    this.undo = new UndoLog(engine.writer);
    this.sweep = new TradeSweep(this, tape, catalog);
  }

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  unitsOf(symbol: string): PairUnits {
    const u = this.units.get(symbol);
    if (!u) throw fail('leverPairDisabled', 'symbol');
    return u;
  }

  /** Rebuilds the memory from the committed rows: open orders, triggers, exposure (start). */
  async load(): Promise<void> {
    const live = await this.store.live();
    const maxId = await this.store.maxId();
    this.mem.reset();
    for (const row of live) this.mem.track(row);
    this.nextId = maxId;
  }

  /**
   * Evaluates committed spot trades of one market, in trade order (the tape listener). Resolves once
   * what they fired is committed; rejects if that sweep failed. See `TradeSweep`.
   */
  onTrades(symbol: string, trades: readonly TapeTrade[]): Promise<void> {
    return this.sweep.onTrades(symbol, trades);
  }

  /** Applies the stored trades after the last evaluated one, per market (start). See `TradeSweep`. */
  catchUp(): Promise<void> {
    return this.sweep.catchUp();
  }

  /** Resolves once every trigger sweep started so far has settled. */
  idle(): Promise<void> {
    return this.sweep.idle();
  }

  /** Open orders held in memory (for the overnight run and tests). */
  openRows(): LeverRow[] {
    return [...this.mem.live.values()];
  }

  /** House exposure of a pair in hands (long − short). */
  exposure(symbol: string): number {
    return this.mem.exposure(symbol);
  }

  /** Per pair: long and short hands of open and entrusting orders, the net and its cap (operators). */
  exposures(): Array<{
    symbol: string;
    long: number;
    short: number;
    net: number;
    cap: number;
    orders: number;
  }> {
    return this.catalog.lever.pairs.map((p) => {
      const rows = [...this.mem.live.values()].filter((r) => r.symbol === p.symbol);
      const hands = (side: string) => rows.filter((r) => r.side === side).reduce((n, r) => n + r.hands, 0);
      return {
        symbol: p.symbol,
        long: hands('long'),
        short: hands('short'),
        net: this.mem.exposure(p.symbol),
        cap: p.maxExposureHands,
        orders: rows.length,
      };
    });
  }

  /** Opens a market order at the contract price or places a limit order (entrusting). */
  open(userId: number, req: LeverOpenReq): Promise<LeverRow> {
    const p = parseOpen(req, this.catalog, (s) => this.unitsOf(s));
    const symbol = p.terms.symbol;
    const units = this.unitsOf(symbol);
    return this.command(async () => {
      // The cap is checked against the exposure as this command finds it (earlier commands included).
      const signed = p.side === 'long' ? p.hands : -p.hands;
      const before = this.exposure(symbol);
      if (
        Math.abs(before + signed) > p.terms.maxExposureHands &&
        Math.abs(before + signed) > Math.abs(before)
      ) {
        throw fail('leverExposureCap', 'hands');
      }
      const trade = p.type === 'market' ? this.sweep.price(symbol) : undefined;
      const ticks = trade ? trade.priceTicks : p.limitTicks!;
      const { margin, fee } = openCost(
        units,
        ticks,
        p.hands,
        p.terms.lot,
        p.multiple,
        this.catalog.lever.openFeeRate,
      );
      const now = this.now();
      const row: LeverRow = {
        id: this.nextId + 1,
        userId,
        symbol,
        side: p.side,
        type: p.type,
        status: trade ? 'trading' : 'entrusting',
        multiple: p.multiple,
        hands: p.hands,
        lot: p.terms.lot,
        coin: units.pair.quote,
        limitTicks: p.limitTicks,
        openTicks: trade ? trade.priceTicks : null,
        openTradeId: trade ? trade.id : null,
        marginUnits: margin,
        openFeeUnits: fee,
        closeFeeUnits: 0n,
        overnightUnits: 0n,
        tpTicks: null,
        slTicks: null,
        liqTicks: null,
        closeTicks: null,
        closeTradeId: null,
        closeRule: null,
        pnlUnits: null,
        receipt: null,
        createdAt: now,
        openedAt: trade ? now : null,
        closedAt: null,
        updatedAt: now,
      };
      if (trade) row.liqTicks = liquidationTicks(row, units, this.catalog.lever.liquidationRiskRate);
      await this.ledger.load(holdersOf([row]));
      if (trade) {
        const txId = postOpen(this.ledger, row);
        this.store.queueSave(row);
        this.store.queueReceipt(row.id, openReceipt(row, trade, 'open', txId, now));
      } else {
        postEntrust(this.ledger, row);
        this.store.queueSave(row);
      }
      const prevId = this.nextId;
      this.nextId = row.id;
      this.undo.add(() => void (this.nextId = prevId));
      await this.changed([row]);
      return row;
    });
  }

  /** Cancels an entrusting order of the caller; margin and fee are unfrozen. */
  cancel(userId: number, id: number): Promise<LeverRow> {
    return this.command(async () => {
      const row = await this.owned(userId, id);
      if (row.status !== 'entrusting') throw fail('leverNotEntrusting', 'id');
      const now = this.now();
      const next = { ...row, status: 'cancelled' as const, closedAt: now, updatedAt: now };
      await this.ledger.load(holdersOf([next]));
      postCancel(this.ledger, next);
      this.store.queueSave(next);
      await this.changed([next]);
      return next;
    });
  }

  /** Sets (or clears, with an empty value) take-profit and stop-loss of an open position. */
  setTpSl(userId: number, id: number, tp: string, sl: string): Promise<LeverRow> {
    return this.command(async () => {
      const row = await this.owned(userId, id);
      if (row.status !== 'trading') throw fail('leverNotOpen', 'id');
      const units = this.unitsOf(row.symbol);
      const tpTicks = tp.trim() ? parsePrice(tp, units, 'tp') : null;
      const slTicks = sl.trim() ? parsePrice(sl, units, 'sl') : null;
      const problem = tpSlProblem({
        side: row.side,
        openPrice: units.price(row.openTicks!),
        liquidationPrice: row.liqTicks === null ? null : units.price(row.liqTicks),
        tp: tpTicks === null ? null : units.price(tpTicks),
        sl: slTicks === null ? null : units.price(slTicks),
      });
      if (problem) throw fail(problem.key, problem.field);
      const next = { ...row, tpTicks, slTicks, updatedAt: this.now() };
      this.store.queueSave(next);
      await this.changed([next]);
      return next;
    });
  }

  /** Closes one open position of the caller at the contract price. */
  close(userId: number, id: number): Promise<LeverRow> {
    return this.command(async () => {
      const row = await this.owned(userId, id);
      if (row.status !== 'trading') throw fail('leverNotOpen', 'id');
      return (await this.closeMany([row], 'close', `user:${userId}`))[0]!;
    });
  }

  /** Closes the caller's open positions (all, longs or shorts, optionally of one pair). */
  closeAll(userId: number, scope: LeverCloseScope, symbol: string | null): Promise<LeverRow[]> {
    return this.command(async () => {
      const rows = [...this.mem.live.values()].filter(
        (r) =>
          r.userId === userId &&
          r.status === 'trading' &&
          (scope === 'all' || (scope === 'long') === (r.side === 'long')) &&
          (symbol === null || r.symbol === symbol),
      );
      if (rows.length === 0) throw fail('leverNothingToClose');
      return this.closeMany(rows, 'batchClose', `user:${userId}`);
    });
  }

  /**
   * Charges the overnight fee of the instant `at` (epoch ms) to every position open at that instant
   * (opened at or before it), once per fee day: a run for an instant whose UTC day has already been
   * charged, at this or any other time of day, does nothing (`feeDay`). One command; returns the
   * number of positions charged.
   */
  runOvernight(at: number): Promise<number> {
    const day = feeDay(at);
    const rate = this.catalog.lever.overnightRate;
    const ratio = this.catalog.lever.liquidationRiskRate;
    return this.command(async () => {
      if (await this.store.overnightRan(day)) return 0;
      const now = this.now();
      const due = [...this.mem.live.values()].filter(
        (row) => row.status === 'trading' && row.openedAt !== null && row.openedAt <= at,
      );
      await this.ledger.load(holdersOf(due));
      const changed: LeverRow[] = [];
      for (const row of due) {
        const units = this.unitsOf(row.symbol);
        const next = { ...row };
        const charged = postOvernight(this.ledger, next, units, rate);
        if (!charged) continue;
        next.overnightUnits += charged.taken;
        if (charged.from === 'margin') {
          next.marginUnits -= charged.taken;
          next.liqTicks = liquidationTicks(next, units, ratio);
        }
        next.updatedAt = now;
        this.store.queueSave(next);
        this.store.queueReceipt(next.id, {
          rule: 'overnightFee',
          trades: [],
          amounts: [
            {
              label: `overnightFee.${charged.from}`,
              coin: next.coin,
              amount: `-${fromUnits(charged.taken)}`,
            },
          ],
          ledgerTxId: charged.txId,
          ts: now,
        });
        changed.push(next);
      }
      await this.store.recordOvernight(day, at, changed.length, now);
      await this.changed(changed);
      return changed.length;
    });
  }

  /**
   * Inside a command: puts the rows' new state into memory (taken back if the command or its batch
   * fails), then `recorded`.
   */
  async changed(rows: readonly LeverRow[]): Promise<void> {
    for (const row of rows) this.track(row);
    await this.recorded(rows);
  }

  /**
   * Inside a command, for rows already tracked: moves the cursor of their markets to the last
   * evaluated trade, and tells the listeners once the batch commits.
   */
  async recorded(rows: readonly LeverRow[]): Promise<void> {
    for (const s of new Set(rows.map((r) => r.symbol))) {
      // Every trade up to the last evaluated one has been applied to these rows.
      await this.store.setCursor(s, this.sweep.seenId(s));
    }
    if (rows.length > 0) this.engine.writer.afterCommit(() => this.emit(rows));
  }

  /**
   * Runs `fn` as one writer command; the rows it queued are written when its batch flushes, and
   * taken back if it fails (as are its ledger posts and memory changes).
   */
  command<T>(fn: () => Promise<T>): Promise<T> {
    return this.engine.writer.run(fn);
  }

  /** Inside a command: puts a row's new state into memory, recording how to take it back. */
  track(row: LeverRow): void {
    const old = this.mem.live.get(row.id);
    this.mem.track(row);
    // A re-tracked old state gets fresh trigger versions, so the triggers a sweep consumed come back.
    this.undo.add(() => this.mem.track(old ?? { ...row, status: 'cancelled' }));
  }

  private async closeMany(rows: LeverRow[], rule: SettlementRule, actor: string): Promise<LeverRow[]> {
    // Every price is checked first: one stale market refuses the whole batch, nothing closes.
    const trades = rows.map((r) => this.sweep.price(r.symbol));
    const now = this.now();
    await this.ledger.load(holdersOf(rows));
    const entries = await this.settlement.entryTrades(rows);
    const out = rows.map((r, i) => {
      const next = { ...r };
      this.settlement.close(next, this.unitsOf(next.symbol), trades[i]!, rule, actor, now, entries);
      return next;
    });
    await this.changed(out);
    return out;
  }

  /** Inside a command: the caller's order, or not found (another user's is indistinguishable from none). */
  private async owned(userId: number, id: number): Promise<LeverRow> {
    const row = this.mem.live.get(id) ?? (await this.store.get(id));
    if (!row || row.userId !== userId) throw notFound();
    return row;
  }

  private emit(rows: readonly LeverRow[]): void {
    if (rows.length === 0) return;
    for (const l of this.listeners) l(rows);
  }
}
