import type { Conn } from './conn';
import { sql, type StatementDef } from './statements';

/** Rows per statement, largest first: a flush uses as many of the widest as fit, then narrower ones. */
const WIDTHS = [256, 64, 16, 4, 1] as const;

/**
 * Rows of one table collected in memory during a writer batch and written with a few multi-row
 * INSERTs when the batch flushes (fixed widths, so five statements per table and connection), in the
 * order they were added. One statement per 256 rows instead of one per row matters most on
 * PostgreSQL, where each statement is a round trip. `suffix` completes the statement, such as an
 * `on conflict (…) do update set …` that makes it an upsert.
 */
export class BulkRows {
  private readonly width: number;
  private readonly defs = new Map<number, StatementDef<unknown[], never>>();
  private values: unknown[] = [];

  constructor(
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly suffix = '',
  ) {
    this.width = columns.length;
  }

  /** Rows waiting to be written. */
  get size(): number {
    return this.values.length / this.width;
  }

  /** Queues one row; `values` in column order. */
  add(...values: unknown[]): void {
    if (values.length !== this.width) throw new Error(`${this.table}: expected ${this.width} values`);
    for (const v of values) this.values.push(v);
  }

  /** Drops the rows queued after the first `rows` (the commands that queued them were undone). */
  truncate(rows: number): void {
    this.values.length = rows * this.width;
  }

  /** Drops every queued row. */
  clear(): void {
    this.values = [];
  }

  /** Writes every queued row on `conn`, in the order added, and empties the queue. */
  async flush(conn: Conn): Promise<void> {
    const all = this.values;
    this.values = [];
    const total = all.length / this.width;
    let row = 0;
    for (const rows of WIDTHS) {
      const n = rows * this.width;
      while (total - row >= rows) {
        const start = row * this.width;
        await conn.run(this.statement(rows), all.slice(start, start + n), false);
        row += rows;
      }
    }
  }

  private statement(rows: number): StatementDef<unknown[], never> {
    let def = this.defs.get(rows);
    if (!def) {
      const one = `(${this.columns.map(() => '?').join(', ')})`;
      const text = `insert into ${this.table} (${this.columns.join(', ')}) values ${Array(rows).fill(one).join(', ')}`;
      this.defs.set(rows, (def = sql<unknown[]>(this.suffix ? `${text} ${this.suffix}` : text)));
    }
    return def;
  }
}
