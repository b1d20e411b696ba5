import type { Database as SqliteDb, Statement as SqliteStatement } from 'better-sqlite3';

/**
 * One SQL statement a store runs, named by what it does: its text, the types of its positional
 * parameters `P` and, for a query, how a raw row becomes the store's typed row `R`.
 *
 * Why a statement table and not a query builder: the money paths run thousands of statements per
 * group commit, and a statement prepared once costs a fraction of building and compiling a query
 * each time (`bench/db-access.bench.ts`; the figures and the decision are in
 * `docs/architecture.md`, "Typed database access"). The text is plain SQL in the subset SQLite and
 * PostgreSQL share (`?` placeholders, `coalesce`, `on conflict`, `returning`), so a second engine
 * runs the same table; a statement that needs a dialect of its own says so in its text's comment.
 */
export interface StatementDef<P extends readonly unknown[], R> {
  readonly text: string;
  /** Never set: carries the parameter types from the definition to the prepared statement. */
  readonly params?: P;
  /** Raw row (column name → value) to the store's row; absent for statements that return nothing. */
  readonly row?: (raw: Record<string, unknown>) => R;
}

/** Every statement text defined so far (a text defined again, as by a function's table, counts once). */
const defined = new Map<string, StatementDef<readonly unknown[], unknown>>();

/** A statement with typed positional parameters and rows. */
export function sql<P extends readonly unknown[] = [], R = never>(
  text: string,
  row?: (raw: Record<string, unknown>) => R,
): StatementDef<P, R> {
  const def: StatementDef<P, R> = { text, row };
  if (!defined.has(text)) defined.set(text, def as StatementDef<readonly unknown[], unknown>);
  return def;
}

/**
 * Every statement defined so far with `sql`, in definition order: once the server's modules are
 * imported, the whole SQL of the server, so a test can check each text on both engines.
 */
export function definedStatements(): readonly StatementDef<readonly unknown[], unknown>[] {
  return [...defined.values()];
}

/** What a statement that writes reports. */
export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
  /** Row id of the last inserted row (SQLite's rowid; the `returning` clause is the portable way). */
  lastId: number;
}

/** A prepared statement, typed from its definition. */
export interface Prepared<P extends readonly unknown[], R> {
  run(...params: P): RunResult;
  /** The first row, or undefined when there is none. */
  get(...params: P): R | undefined;
  all(...params: P): R[];
}

type ParamsOf<D> = D extends StatementDef<infer P, unknown> ? P : never;
type RowOf<D> = D extends StatementDef<readonly unknown[], infer R> ? R : never;

/** A store's statements, prepared: one typed method set per named statement. */
export type PreparedSet<D extends Record<string, StatementDef<readonly unknown[], unknown>>> = {
  readonly [K in keyof D]: Prepared<ParamsOf<D[K]>, RowOf<D[K]>>;
};

/** How integers come back from SQLite. */
export interface PrepareOptions {
  /**
   * Integer columns as bigint instead of number. Money in minor units can pass 2^53, so stores whose
   * rows hold money set this and convert ids and times to number in their row mappers.
   */
  bigints?: boolean;
}

/**
 * Prepares every statement of a store once, on the store's connection. Synchronous: better-sqlite3
 * runs a statement on the caller's stack, inside whatever transaction the caller opened.
 */
export function prepareAll<D extends Record<string, StatementDef<readonly unknown[], unknown>>>(
  sqlite: SqliteDb,
  defs: D,
  options: PrepareOptions = {},
): PreparedSet<D> {
  const out: Record<string, Prepared<readonly unknown[], unknown>> = {};
  for (const [name, def] of Object.entries(defs)) out[name] = prepareOne(sqlite, name, def, options);
  return out as PreparedSet<D>;
}

/**
 * Like `prepareAll`, but each statement is prepared the first time the store uses it. For a face
 * other areas build on any connection: a test schema with only some of the tables or columns serves
 * the calls it makes, and statements a process never runs are never prepared.
 */
export function prepareOnUse<D extends Record<string, StatementDef<readonly unknown[], unknown>>>(
  sqlite: SqliteDb,
  defs: D,
  options: PrepareOptions = {},
): PreparedSet<D> {
  const out: Record<string, Prepared<readonly unknown[], unknown>> = {};
  for (const [name, def] of Object.entries(defs)) {
    Object.defineProperty(out, name, {
      configurable: true,
      enumerable: true,
      get() {
        const prepared = prepareOne(sqlite, name, def, options);
        Object.defineProperty(out, name, { value: prepared, enumerable: true });
        return prepared;
      },
    });
  }
  return out as PreparedSet<D>;
}

/**
 * A family of statements whose text depends on a key, such as a multi-row insert of `key` rows or
 * a list whose filters decide its `where`: each member is prepared the first time its key is asked
 * for and kept, so a family of a few shapes costs a few prepares per connection. Keys must come from
 * a small set (row counts, filter shapes), never from a request's values.
 */
export function prepareByKey<K, P extends readonly unknown[], R>(
  sqlite: SqliteDb,
  define: (key: K) => StatementDef<P, R>,
  options: PrepareOptions = {},
): (key: K) => Prepared<P, R> {
  const members = new Map<K, Prepared<P, R>>();
  return (key) => {
    let prepared = members.get(key);
    if (!prepared) members.set(key, (prepared = prepareOne(sqlite, String(key), define(key), options)));
    return prepared;
  };
}

function prepareOne<P extends readonly unknown[], R>(
  sqlite: SqliteDb,
  name: string,
  def: StatementDef<P, R>,
  options: PrepareOptions,
): Prepared<P, R> {
  let stmt: SqliteStatement;
  try {
    stmt = sqlite.prepare(def.text);
  } catch (err) {
    throw new Error(`statement "${name}": ${(err as Error).message}`, { cause: err });
  }
  if (options.bigints && stmt.reader) stmt.safeIntegers(true);
  const map = def.row;
  return {
    run: (...params) => {
      const r = stmt.run(...params);
      return { changes: r.changes, lastId: Number(r.lastInsertRowid) };
    },
    get: (...params) => {
      const raw = stmt.get(...params) as Record<string, unknown> | undefined;
      return raw === undefined ? undefined : map ? map(raw) : (raw as R);
    },
    all: (...params) => {
      const raws = stmt.all(...params) as Record<string, unknown>[];
      return map ? raws.map(map) : (raws as R[]);
    },
  };
}
