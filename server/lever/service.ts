import type { Database as SqliteDb } from 'better-sqlite3';
import { tpSlProblem } from '../../domain/lever-math';
import { fromUnits, type LeverCloseScope, type LeverOpenReq, type SettlementRule } from '../../domain';
import { fail, notFound } from '../http';
import type { Ledger } from '../ledger';
import type { Catalog, TapeTrade, TradeTape } from '../market';
import { PairUnits } from '../shared/units';
import {
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
import type { Trigger } from './trigger-book';

/** Called after a change commits, with the rows it changed (for the private socket channel). */
export type ChangeListener = (rows: readonly LeverRow[]) => void;

/**
 * The lever engine: contract orders and positions against the house, priced only by the last trade
 * of our own spot book (the trade tape). Every command and every trade batch runs synchronously in
 * one database transaction, with one ledger transaction per event; the in-memory state (open orders,
 * trigger books, house exposure) is only changed alongside a commit and rebuilt from the database if
 * a commit ever fails.
 */
export class LeverService {
  readonly store: LeverStore;
  private readonly units = new Map<string, PairUnits>();
  private readonly mem: LiveBook;
  private readonly settlement: LeverSettlement;
  private readonly listeners: ChangeListener[] = [];
  private nextId = 0;

  constructor(
    private readonly sqlite: SqliteDb,
    private readonly ledger: Ledger,
    private readonly catalog: Catalog,
    private readonly tape: TradeTape,
    private readonly now: () => number = Date.now,
  ) {
    this.store = new LeverStore(sqlite);
    this.settlement = new LeverSettlement(ledger, this.store, catalog, tape);
    for (const t of catalog.lever.pairs) {
      this.units.set(t.symbol, new PairUnits(catalog.pairs.find((p) => p.symbol === t.symbol)!));
    }
    this.mem = new LiveBook(catalog.lever.pairs.map((p) => p.symbol));
    this.reload();
  }

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  unitsOf(symbol: string): PairUnits {
    const u = this.units.get(symbol);
    if (!u) throw fail('leverPairDisabled', 'symbol');
    return u;
  }

  /** Rebuilds the memory from the database: open orders, triggers, exposure. */
  reload(): void {
    this.mem.reset();
    for (const row of this.store.live()) this.mem.track(row);
    this.nextId = this.store.maxId();
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
  open(userId: number, req: LeverOpenReq): LeverRow {
    const p = parseOpen(req, this.catalog, (s) => this.unitsOf(s));
    const symbol = p.terms.symbol;
    const units = this.unitsOf(symbol);
    const signed = p.side === 'long' ? p.hands : -p.hands;
    const before = this.exposure(symbol);
    if (
      Math.abs(before + signed) > p.terms.maxExposureHands &&
      Math.abs(before + signed) > Math.abs(before)
    ) {
      throw fail('leverExposureCap', 'hands');
    }
    const trade = p.type === 'market' ? this.tape.price(symbol, this.catalog.lever.staleMs) : undefined;
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
    this.commit([row], () => {
      if (trade) {
        const txId = postOpen(this.ledger, row);
        this.store.save(row);
        this.store.addReceipt(row.id, openReceipt(row, trade, 'open', txId, now));
      } else {
        postEntrust(this.ledger, row);
        this.store.save(row);
      }
    });
    this.nextId = row.id;
    return row;
  }

  /** Cancels an entrusting order of the caller; margin and fee are unfrozen. */
  cancel(userId: number, id: number): LeverRow {
    const row = this.owned(userId, id);
    if (row.status !== 'entrusting') throw fail('leverNotEntrusting', 'id');
    const next = { ...row, status: 'cancelled' as const, closedAt: this.now(), updatedAt: this.now() };
    this.commit([next], () => {
      postCancel(this.ledger, next);
      this.store.save(next);
    });
    return next;
  }

  /** Sets (or clears, with an empty value) take-profit and stop-loss of an open position. */
  setTpSl(userId: number, id: number, tp: string, sl: string): LeverRow {
    const row = this.owned(userId, id);
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
    this.commit([next], () => this.store.save(next));
    return next;
  }

  /** Closes one open position of the caller at the contract price. */
  close(userId: number, id: number): LeverRow {
    const row = this.owned(userId, id);
    if (row.status !== 'trading') throw fail('leverNotOpen', 'id');
    const trade = this.tape.price(row.symbol, this.catalog.lever.staleMs);
    return this.closeMany([row], [trade], 'close', `user:${userId}`)[0]!;
  }

  /** Closes the caller's open positions (all, longs or shorts, optionally of one pair). */
  closeAll(userId: number, scope: LeverCloseScope, symbol: string | null): LeverRow[] {
    const rows = [...this.mem.live.values()].filter(
      (r) =>
        r.userId === userId &&
        r.status === 'trading' &&
        (scope === 'all' || (scope === 'long') === (r.side === 'long')) &&
        (symbol === null || r.symbol === symbol),
    );
    if (rows.length === 0) throw fail('leverNothingToClose');
    // Every price is checked first: one stale market refuses the whole batch, nothing closes.
    const trades = rows.map((r) => this.tape.price(r.symbol, this.catalog.lever.staleMs));
    return this.closeMany(rows, trades, 'batchClose', `user:${userId}`);
  }

  /** Evaluates committed spot trades of one market, in trade order (the tape listener). */
  onTrades(symbol: string, trades: readonly TapeTrade[]): void {
    const book = this.mem.book(symbol);
    if (!book || !trades.some((t) => book.reaches(t.priceTicks))) return;
    const changed: LeverRow[] = [];
    try {
      this.sqlite.transaction(() => {
        this.ledger.withDeferredWrites(() => {
          for (const t of trades) {
            for (
              let trig = book.next(t.priceTicks, this.mem.isLive);
              trig;
              trig = book.next(t.priceTicks, this.mem.isLive)
            ) {
              const row = this.mem.live.get(trig.orderId)!;
              changed.push(this.fire(row, trig, t));
            }
          }
          if (changed.length > 0) this.store.setCursor(symbol, trades[trades.length - 1]!.id);
        });
      })();
    } catch (err) {
      // Memory may be ahead of the rolled-back database: rebuild it from the rows.
      this.reload();
      throw err;
    }
    if (changed.length > 0) this.emit(changed);
  }

  /**
   * Applies the trades stored after the last evaluated one, per market, in order: after a restart,
   * positions and triggers see every trade that happened while the server was down, exactly once.
   */
  catchUp(): void {
    for (const { symbol } of this.catalog.lever.pairs) {
      let from = this.store.cursor(symbol);
      if (from === null) {
        // First start: nothing can be pending before the first order, start at the tape's end.
        this.store.setCursor(symbol, this.tape.last(symbol)?.id ?? 0);
        continue;
      }
      for (;;) {
        const batch = this.tape.after(symbol, from, 5_000);
        if (batch.length === 0) break;
        this.onTrades(symbol, batch);
        from = batch[batch.length - 1]!.id;
        this.store.setCursor(symbol, from);
      }
    }
  }

  /**
   * Charges the overnight fee of the instant `at` (epoch ms) to every position open at that instant
   * (opened at or before it), once per fee day: a run for an instant whose UTC day has already been
   * charged, at this or any other time of day, does nothing (`feeDay`). Returns the number of
   * positions charged.
   */
  runOvernight(at: number): number {
    const day = feeDay(at);
    if (this.store.overnightRan(day)) return 0;
    const rate = this.catalog.lever.overnightRate;
    const ratio = this.catalog.lever.liquidationRiskRate;
    const changed: LeverRow[] = [];
    const now = this.now();
    this.commit(
      [],
      () => {
        for (const row of this.mem.live.values()) {
          if (row.status !== 'trading' || row.openedAt === null || row.openedAt > at) continue;
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
          this.store.save(next);
          this.store.addReceipt(next.id, {
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
        this.store.recordOvernight(day, at, changed.length, now);
        for (const s of new Set(changed.map((r) => r.symbol))) this.saveCursor(s);
      },
      changed,
    );
    return changed.length;
  }

  /** Fires one trigger inside the batch transaction; returns the order's new state. */
  private fire(row: LeverRow, trig: Trigger, trade: TapeTrade): LeverRow {
    const now = this.now();
    const next = this.settlement.fire(row, trig, trade, this.unitsOf(row.symbol), now);
    this.mem.track(next);
    return next;
  }

  private closeMany(rows: LeverRow[], trades: TapeTrade[], rule: SettlementRule, actor: string): LeverRow[] {
    const now = this.now();
    const out = rows.map((r) => ({ ...r }));
    this.commit(out, () => {
      out.forEach((next, i) => {
        this.settlement.close(next, this.unitsOf(next.symbol), trades[i]!, rule, actor, now);
      });
    });
    return out;
  }

  /** The caller's order, or not found (another user's order is indistinguishable from none). */
  private owned(userId: number, id: number): LeverRow {
    const row = this.mem.live.get(id) ?? this.store.get(id);
    if (!row || row.userId !== userId) throw notFound();
    return row;
  }

  /**
   * Runs `write` in one database transaction with the cursor of the touched markets, then applies
   * `rows` to memory and tells the listeners. Nothing in memory changes when it throws.
   */
  private commit(rows: LeverRow[], write: () => void, emitted: LeverRow[] = rows): void {
    this.sqlite.transaction(() => {
      write();
      for (const s of new Set(rows.map((r) => r.symbol))) this.saveCursor(s);
    })();
    for (const r of emitted) this.mem.track(r);
    this.emit(emitted);
  }

  private saveCursor(symbol: string): void {
    // Every trade up to the tape's last has been evaluated (the listener runs right after each batch).
    this.store.setCursor(symbol, this.tape.last(symbol)?.id ?? 0);
  }

  private emit(rows: readonly LeverRow[]): void {
    if (rows.length === 0) return;
    for (const l of this.listeners) l(rows);
  }
}
