import type { Database as SqliteDb, Statement } from 'better-sqlite3';

/** Rows per statement, largest first: a flush uses as many of the widest as fit, then narrower ones. */
const WIDTHS = [64, 16, 4, 1] as const;

/**
 * Rows of one table collected in memory and written with a few multi-row INSERTs (fixed widths, so
 * only four prepared statements), in the order they were added. Used by group commit: one statement
 * per 64 rows instead of one per row. Synchronous; call `flush` inside the caller's transaction.
 */
export class BulkInsert {
  private readonly width: number;
  private readonly statements = new Map<number, Statement>();
  private values: unknown[] = [];

  constructor(
    private readonly sqlite: SqliteDb,
    private readonly table: string,
    private readonly columns: readonly string[],
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
        stmt.run(all.slice(start, start + n));
        row += rows;
      }
    }
  }

  /** Drops every queued row (the caller's transaction is rolling back). */
  clear(): void {
    this.values = [];
  }

  private statement(rows: number): Statement {
    let stmt = this.statements.get(rows);
    if (!stmt) {
      const one = `(${this.columns.map(() => '?').join(', ')})`;
      stmt = this.sqlite.prepare(
        `insert into ${this.table} (${this.columns.join(', ')}) values ${Array(rows).fill(one).join(', ')}`,
      );
      this.statements.set(rows, stmt);
    }
    return stmt;
  }
}
