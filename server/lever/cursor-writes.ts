import type { BatchParticipant, Conn, StatementDef } from '../db';

/**
 * The lever cursors (the last spot trade applied, per market) a writer batch moved, written once per
 * market when the batch flushes. Every lever command moves its market's cursor. Written by each
 * command, the one row took as many updates as the batch held commands, and on PostgreSQL each update
 * of a row the same transaction already updated costs more than the one before: 1.4 ms a command on
 * average in batches of 2,000 (the lever bench's set-up, 2026-11-29).
 */
export class CursorWrites implements BatchParticipant {
  private moved = new Map<string, number>();

  constructor(
    /** The upsert that keeps the larger of the stored and the new trade id. */
    private readonly write: StatementDef<[symbol: string, tradeId: number], never>,
  ) {}

  /** Moves `symbol`'s cursor to `tradeId` (never back) when the batch flushes. */
  move(symbol: string, tradeId: number): void {
    const now = this.moved.get(symbol);
    if (now === undefined || tradeId > now) this.moved.set(symbol, tradeId);
  }

  /** Where the running batch moved `symbol`'s cursor, if it did. */
  movedTo(symbol: string): number | undefined {
    return this.moved.get(symbol);
  }

  mark(): unknown {
    return this.moved.size === 0 ? null : new Map(this.moved);
  }

  rollbackTo(mark: unknown): void {
    this.moved = mark ? new Map(mark as Map<string, number>) : new Map();
  }

  async flush(conn: Conn): Promise<void> {
    for (const [symbol, tradeId] of this.moved) await conn.run(this.write, [symbol, tradeId], false);
  }

  committed(): void {
    this.moved.clear();
  }

  aborted(): void {
    this.moved.clear();
  }
}
