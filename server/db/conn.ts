import type { RunResult, StatementDef } from './statements';

export type { EngineName } from './migration';

import type { EngineName } from './migration';

/** Any statement of a statement table. */
export type AnyDef = StatementDef<readonly unknown[], unknown>;

/**
 * One connection (or, for reads on PostgreSQL, a pool) that runs statements of the statement tables.
 * Asynchronous on both engines: PostgreSQL answers over the network, and SQLite's synchronous answer
 * is handed back as a settled promise, so a store's code is the same on both.
 */
export interface Conn {
  readonly kind: EngineName;
  /**
   * Runs a statement that writes. `lastId` is the `id` column of the first returned row when the
   * statement has `returning id`, else 0 on both engines.
   */
  run(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<RunResult>;
  /** The first row (mapped), or undefined. */
  get(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<unknown>;
  /** Every row (mapped). */
  all(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<unknown[]>;
  /** SQL without parameters or rows: transaction control (`begin`, `savepoint c`, `commit`). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Applies a statement's row mapper to raw rows. */
export function mapRows(def: AnyDef, raws: Record<string, unknown>[]): unknown[] {
  const map = def.row;
  return map ? raws.map(map) : raws;
}
