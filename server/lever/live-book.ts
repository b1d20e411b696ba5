import type { LeverRow } from './store';
import { TriggerBook, type Trigger } from './trigger-book';

/**
 * The lever engine's memory: open orders (entrusting and trading), their trigger versions, one
 * trigger book per market and the house's net exposure per market. Changed inside the writer command
 * that writes the same change (LeverService, which takes it back if the command fails); rebuilt from
 * the database with `reset` and `track`.
 */
export class LiveBook {
  /** Entrusting and trading orders by id. */
  readonly live = new Map<number, LeverRow>();
  private readonly versions = new Map<number, number>();
  /**
   * The last trigger version given out, for every order alike: a version is never given twice, so a
   * trigger left behind by an order that was taken back (a command undone) cannot pass for one of a
   * later order with the same id.
   */
  private lastVersion = 0;
  private readonly books = new Map<string, TriggerBook>();
  /** House exposure per pair: long hands − short hands of entrusting and trading orders. */
  private readonly net = new Map<string, number>();

  constructor(private readonly symbols: readonly string[]) {
    this.reset();
  }

  /** Forgets everything (before a rebuild from the database). */
  reset(): void {
    this.live.clear();
    this.versions.clear();
    this.net.clear();
    for (const s of this.symbols) this.books.set(s, new TriggerBook());
  }

  book(symbol: string): TriggerBook | undefined {
    return this.books.get(symbol);
  }

  /** House exposure of a pair in hands (long − short). */
  exposure(symbol: string): number {
    return this.net.get(symbol) ?? 0;
  }

  /** Whether a trigger still stands: its order is live in the right state and it is the latest version. */
  readonly isLive = (t: Trigger): boolean => {
    const row = this.live.get(t.orderId);
    if (!row || this.versions.get(t.orderId) !== t.version) return false;
    return t.kind === 'entry' ? row.status === 'entrusting' : row.status === 'trading';
  };

  /** Puts a row's new state into memory: live set, exposure, triggers (a new version). */
  track(row: LeverRow): void {
    const old = this.live.get(row.id);
    const signed = (r: LeverRow) => (r.side === 'long' ? r.hands : -r.hands);
    if (old) this.net.set(old.symbol, this.exposure(old.symbol) - signed(old));
    if (row.status !== 'entrusting' && row.status !== 'trading') {
      this.live.delete(row.id);
      this.versions.delete(row.id);
      return;
    }
    this.live.set(row.id, row);
    this.net.set(row.symbol, this.exposure(row.symbol) + signed(row));
    const version = ++this.lastVersion;
    this.versions.set(row.id, version);
    const book = this.books.get(row.symbol)!;
    const long = row.side === 'long';
    if (row.status === 'entrusting') {
      book.add(long ? 'down' : 'up', row.limitTicks!, row.id, 'entry', version);
      return;
    }
    if (row.tpTicks !== null) book.add(long ? 'up' : 'down', row.tpTicks, row.id, 'tp', version);
    if (row.slTicks !== null) book.add(long ? 'down' : 'up', row.slTicks, row.id, 'sl', version);
    if (row.liqTicks !== null) book.add(long ? 'down' : 'up', row.liqTicks, row.id, 'liquidation', version);
    // Changed triggers leave stale copies behind; drop them once they outnumber the live ones.
    if (book.size > 6 * this.live.size + 1024) book.compact(this.isLive);
  }
}
