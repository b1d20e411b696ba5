import { fail } from '../http';
import type { Ledger } from '../ledger';
import type { Catalog, TapeTrade, TradeTape } from '../market';
import type { PairUnits } from '../shared/units';
import type { LiveBook } from './live-book';
import { holdersOf } from './money';
import type { Fire, LeverSettlement } from './settlement';
import type { LeverRow, LeverStore } from './store';

/** Stored trades read per catch-up command after a restart. */
const CATCH_UP_PAGE = 5_000;

/** What a sweep needs of the lever engine (`LeverService`). */
export interface LeverEngine {
  readonly mem: LiveBook;
  readonly ledger: Ledger;
  readonly settlement: LeverSettlement;
  readonly store: LeverStore;
  readonly now: () => number;
  unitsOf(symbol: string): PairUnits;
  /** Runs `fn` as one writer command whose queued rows are written at its end. */
  command<T>(fn: () => Promise<T>): Promise<T>;
  /** Inside a command: memory (undone with the command), cursors, listeners after the commit. */
  track(row: LeverRow): void;
  recorded(rows: readonly LeverRow[]): Promise<void>;
}

/** Trades of one market waiting for their sweep command, and that command's outcome. */
interface Waiting {
  trades: TapeTrade[];
  done: Promise<void>;
}

/**
 * Trigger evaluation over the trade tape. The triggers are evaluated in memory, trade by trade, as
 * before; a batch of trades that reaches no trigger costs no command. A batch that reaches one is
 * swept by ONE writer command: it evaluates every trade of the batch in memory first (each fired
 * order's new state tracked at once, so a limit order that opens can be closed by a later trade of
 * the batch), then loads the holders once, reads the entry trades once, posts each fire
 * synchronously and writes the rows and receipts with multi-row statements.
 *
 * Order: a command that prices an order (an open, a close) runs before or after a sweep in the
 * writer's order, so it must price at the last trade already evaluated (`price`), never at a trade
 * whose sweep is still queued behind it: otherwise a sweep would apply trades older than a position
 * to it. Trades the tape hands over while a sweep of their market is queued join that sweep.
 */
export class TradeSweep {
  private readonly waiting = new Map<string, Waiting>();
  /** The last trade of each market evaluated against memory. */
  private readonly seen = new Map<string, TapeTrade>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly lever: LeverEngine,
    private readonly tape: TradeTape,
    private readonly catalog: Catalog,
  ) {}

  /** Id of the last evaluated trade of a market (0 before any): where its cursor may move to. */
  seenId(symbol: string): number {
    return this.seen.get(symbol)?.id ?? 0;
  }

  /**
   * The contract price of a market for a command running now: the last trade, if at most
   * `staleMs` old (else "no optimal price at present"), unless trades after the last evaluated one
   * still wait for their sweep: then the last evaluated trade, which must be fresh relative to the
   * first one waiting, as this command comes before them.
   */
  price(symbol: string): TapeTrade {
    const staleMs = this.catalog.lever.staleMs;
    const last = this.tape.price(symbol, staleMs);
    const seen = this.seen.get(symbol);
    if (!seen) {
      if (this.waiting.has(symbol)) throw fail('noOptimalPrice');
      return last;
    }
    if (seen.id >= last.id) return last;
    if (last.ts - seen.ts > staleMs) throw fail('noOptimalPrice');
    return seen;
  }

  /**
   * Evaluates committed trades of one market, oldest first (the tape listener). Resolves once what
   * they fired is committed; rejects if their sweep failed (its trades then stay unevaluated in the
   * database's cursor, so a restart's catch-up applies them).
   */
  onTrades(symbol: string, trades: readonly TapeTrade[]): Promise<void> {
    const book = this.lever.mem.book(symbol);
    if (!book || trades.length === 0) return Promise.resolve();
    const waiting = this.waiting.get(symbol);
    if (waiting) {
      waiting.trades.push(...trades);
      return waiting.done;
    }
    if (!trades.some((t) => book.reaches(t.priceTicks))) {
      this.see(symbol, trades[trades.length - 1]!);
      return Promise.resolve();
    }
    return this.queue(symbol, [...trades], false);
  }

  /**
   * Applies the trades stored after the last evaluated one, per market, in order, one command per
   * page: after a restart, positions and triggers see every trade that happened while the server was
   * down, exactly once. Runs before the tape listener is attached.
   */
  async catchUp(): Promise<void> {
    for (const { symbol } of this.catalog.lever.pairs) {
      let from = await this.lever.store.cursor(symbol);
      const last = this.tape.last(symbol);
      if (from === null) {
        // First start: nothing can be pending before the first order, start at the tape's end.
        await this.lever.command(() => this.lever.store.setCursor(symbol, last?.id ?? 0));
      } else {
        for (;;) {
          const page = await this.tape.after(symbol, from, CATCH_UP_PAGE);
          if (page.length === 0) break;
          await this.queue(symbol, page, true);
          from = page[page.length - 1]!.id;
        }
      }
      if (last) this.see(symbol, last);
    }
  }

  /** Resolves once every sweep started so far has settled (succeeded or failed). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private queue(symbol: string, trades: TapeTrade[], always: boolean): Promise<void> {
    const work: Waiting = { trades, done: Promise.resolve() };
    this.waiting.set(symbol, work);
    const done = this.lever.command(() => this.sweep(symbol, work, always));
    work.done = done.catch((err: unknown) => {
      // Refused before it ran (the writer closed) or undone: its trades count as seen, as a later
      // trade's price is the price from now on; the cursor did not move, so a restart applies them.
      if (this.waiting.get(symbol) === work) this.waiting.delete(symbol);
      const last = work.trades[work.trades.length - 1];
      if (last) this.see(symbol, last);
      throw err;
    });
    const tracked = work.done.then(
      () => void this.running.delete(tracked),
      () => void this.running.delete(tracked),
    );
    this.running.add(tracked);
    return work.done;
  }

  /** The command of one sweep: see the class. `always` moves the cursor even if nothing fired. */
  private async sweep(symbol: string, work: Waiting, always: boolean): Promise<void> {
    const { mem, settlement } = this.lever;
    // Nothing waits until the last trade is evaluated: trades handed over from now on find no
    // waiting sweep and are checked against the memory this one leaves.
    if (this.waiting.get(symbol) === work) this.waiting.delete(symbol);
    const book = mem.book(symbol)!;
    const units = this.lever.unitsOf(symbol);
    const now = this.lever.now();
    const after = this.seenId(symbol);
    const trades = new Map<number, TapeTrade>();
    const fires: Fire[] = [];
    for (const t of work.trades) {
      // A trade already evaluated (handed over twice) fires nothing again.
      if (t.id <= after) continue;
      trades.set(t.id, t);
      for (let trig = book.next(t.priceTicks, mem.isLive); trig; trig = book.next(t.priceTicks, mem.isLive)) {
        const next = settlement.decide(mem.live.get(trig.orderId)!, trig, t, units, now);
        this.lever.track(next);
        fires.push({ next, trig, trade: t });
      }
    }
    const last = work.trades[work.trades.length - 1];
    if (last) this.see(symbol, last);
    if (fires.length === 0 && !always) return;
    const rows = fires.map((f) => f.next);
    await this.lever.ledger.load(holdersOf(rows));
    const entries = await settlement.entryTrades(
      fires.filter((f) => f.trig.kind !== 'entry').map((f) => f.next),
      trades,
    );
    for (const f of fires) settlement.settle(f, units, entries, now);
    if (always && last) await this.lever.store.setCursor(symbol, last.id);
    await this.lever.recorded(rows);
  }

  private see(symbol: string, trade: TapeTrade): void {
    if (this.seenId(symbol) < trade.id) this.seen.set(symbol, trade);
  }
}
