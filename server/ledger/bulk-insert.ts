import type { Database as SqliteDb } from 'better-sqlite3';
import { prepareByKey, sql, type Prepared } from '../db';

/** Rows per statement, largest first: a flush uses as many of the widest as fit, then narrower ones. */
const WIDTHS = [64, 16, 4, 1] as const;

/**
 * Rows of one table collected in memory and written with a few multi-row INSERTs (fixed widths, so
 * only four prepared statements), in the order they were added. Used by group commit: one statement
 * per 64 rows instead of one per row. Synchronous; call `flush` inside the caller's transaction.
 */
export class BulkInsert {
  private readonly width: number;
  /** The insert of `rows` rows, prepared at its first use. */
  private readonly statement: (rows: number) => Prepared<unknown[], never>;
  private values: unknown[] = [];

  constructor(
    sqlite: SqliteDb,
    private readonly table: string,
    columns: readonly string[],
  ) {
    this.width = columns.length;
    const one = `(${columns.map(() => '?').join(', ')})`;
    this.statement = prepareByKey(sqlite, (rows: number) =>
      sql<unknown[]>(
        `insert into ${table} (${columns.join(', ')}) values ${Array(rows).fill(one).join(', ')}`,
      ),
    );
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

  /** Writes every queued row, in the order added, and empties the queue. */
  flush(): void {
    const all = this.values;
    this.values = [];
    const rowsTotal = all.length / this.width;
    let row = 0;
    for (const rows of WIDTHS) {
      if (rowsTotal - row < rows) continue;
      const stmt = this.statement(rows);
      const n = rows * this.width;
      while (rowsTotal - row >= rows) {
        const start = row * this.width;
        stmt.run(...all.slice(start, start + n));
        row += rows;
      }
    }
  }

  /** Drops every queued row (the caller's transaction is rolling back). */
  clear(): void {
    this.values = [];
  }
}
