import type { BatchParticipant, BulkRows, Conn } from '../db';

/** A receipt row as queued: order id, rule, receipt JSON, time (epoch ms). */
export type ReceiptValues = [orderId: number, rule: string, receipt: string, createdAt: number];

interface Mark {
  undo: number;
  receipts: number;
}

/**
 * The lever order rows and receipts a writer batch queued, written when the batch flushes: each
 * order once, in its last state (PostgreSQL refuses to update one row twice in one `on conflict`
 * statement), with multi-row statements, then the receipts in the order queued (they refer to the
 * orders). Written by each command instead, a lever command cost one round trip a row on PostgreSQL.
 * A command's savepoint takes back what it queued; a failed batch drops everything.
 */
export class RowWrites<R extends { id: number }> implements BatchParticipant {
  private readonly rows = new Map<number, R>();
  /** Each queued row's previous entry, so a command's failure restores the rows it replaced. */
  private readonly undo: Array<[id: number, before: R | undefined]> = [];
  private receipts: ReceiptValues[] = [];

  constructor(
    private readonly orderRows: BulkRows,
    private readonly receiptRows: BulkRows,
    /** A row's values in the order table's column order. */
    private readonly values: (row: R) => unknown[],
  ) {}

  /** Queues the row's state; the last state queued for an id in the batch is written. */
  queue(row: R): void {
    this.undo.push([row.id, this.rows.get(row.id)]);
    this.rows.set(row.id, row);
  }

  /** Queues a receipt row. */
  queueReceipt(values: ReceiptValues): void {
    this.receipts.push(values);
  }

  /** The state the running batch queued for `id`, if it did. */
  queued(id: number): R | undefined {
    return this.rows.get(id);
  }

  mark(): unknown {
    return { undo: this.undo.length, receipts: this.receipts.length } satisfies Mark;
  }

  rollbackTo(mark: unknown): void {
    const m = mark as Mark;
    while (this.undo.length > m.undo) {
      const [id, before] = this.undo.pop()!;
      if (before === undefined) this.rows.delete(id);
      else this.rows.set(id, before);
    }
    this.receipts.length = m.receipts;
  }

  async flush(conn: Conn): Promise<void> {
    for (const row of this.rows.values()) this.orderRows.add(...this.values(row));
    for (const r of this.receipts) this.receiptRows.add(...r);
    await this.orderRows.flush(conn);
    await this.receiptRows.flush(conn);
  }

  committed(): void {
    this.clear();
  }

  aborted(): void {
    this.clear();
  }

  private clear(): void {
    this.rows.clear();
    this.undo.length = 0;
    this.receipts = [];
    this.orderRows.clear();
    this.receiptRows.clear();
  }
}
