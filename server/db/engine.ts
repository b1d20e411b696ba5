import type { AnyDef, Conn, EngineName } from './conn';
import type { PrepareOptions, RunResult, StatementDef } from './statements';
import { currentCommand, Writer } from './writer';

/**
 * An open database on either engine: the one writer (with its connection) and the connection reads
 * use. Stores reach it through statement sets (`statementsOf`), never through the connections.
 */
export interface Engine {
  readonly kind: EngineName;
  readonly writer: Writer;
  /**
   * Where reads outside a command run: a connection that sees only committed data (SQLite: its own
   * connection in WAL mode; PostgreSQL: a pool of read-only sessions, read committed).
   */
  readonly reads: Conn;
  /** Commits what the writer holds and closes every connection. */
  close(): Promise<void>;
}

/** A statement of a set, typed from its definition; every call is a promise on both engines. */
export interface AsyncPrepared<P extends readonly unknown[], R> {
  /** A statement that writes; only inside a writer command. */
  run(...params: P): Promise<RunResult>;
  /** The first row, or undefined. */
  get(...params: P): Promise<R | undefined>;
  all(...params: P): Promise<R[]>;
}

type ParamsOf<D> = D extends StatementDef<infer P, unknown> ? P : never;
type RowOf<D> = D extends StatementDef<readonly unknown[], infer R> ? R : never;

/** A store's statement table bound to an engine. */
export type AsyncPreparedSet<D extends Record<string, AnyDef>> = {
  readonly [K in keyof D]: AsyncPrepared<ParamsOf<D[K]>, RowOf<D[K]>>;
};

/**
 * Where a statement runs: inside a command of this engine's writer, on the writer's connection in
 * the batch's transaction (so a command sees its batch's earlier writes); elsewhere on the read
 * connection. A write outside a command is a programming error and throws; so does a statement of a
 * command that already ended (a promise it left behind), because its batch may have committed.
 */
function connFor(engine: Engine, writes: boolean): Conn {
  const ctx = currentCommand();
  if (ctx && ctx.writer === engine.writer) {
    if (!ctx.open) throw new Error('a statement of a writer command that has already ended');
    return ctx.conn;
  }
  if (writes) throw new Error('a write outside the writer: run it as a command (engine.writer.run)');
  return engine.reads;
}

function bind<P extends readonly unknown[], R>(
  engine: Engine,
  def: StatementDef<P, R>,
  bigints: boolean,
): AsyncPrepared<P, R> {
  const any = def as AnyDef;
  return {
    run: (...params) => {
      try {
        return connFor(engine, true).run(any, params, bigints);
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    get: (...params) => {
      try {
        return connFor(engine, false).get(any, params, bigints) as Promise<R | undefined>;
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    all: (...params) => {
      try {
        return connFor(engine, false).all(any, params, bigints) as Promise<R[]>;
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
  };
}

/**
 * A store's statement table on an engine: one typed method set per statement, each running where
 * `connFor` says. Nothing is prepared here; each connection prepares a statement the first time it
 * runs it and keeps it.
 */
export function statementsOf<D extends Record<string, AnyDef>>(
  engine: Engine,
  defs: D,
  options: PrepareOptions = {},
): AsyncPreparedSet<D> {
  const out: Record<string, AsyncPrepared<readonly unknown[], unknown>> = {};
  for (const [name, def] of Object.entries(defs)) out[name] = bind(engine, def, options.bigints ?? false);
  return out as AsyncPreparedSet<D>;
}

/**
 * A statement table bound once per engine and kept, for a face that is handed the engine on each call
 * (the console's readers, the pending counts): `const q = statementsPerEngine(STATEMENTS);` then
 * `q(engine).name.all()`.
 */
export function statementsPerEngine<D extends Record<string, AnyDef>>(
  defs: D,
  options: PrepareOptions = {},
): (engine: Engine) => AsyncPreparedSet<D> {
  const bound = new WeakMap<Engine, AsyncPreparedSet<D>>();
  return (engine) => {
    let q = bound.get(engine);
    if (!q) bound.set(engine, (q = statementsOf(engine, defs, options)));
    return q;
  };
}

/** Like `prepareByKey`, on an engine: a family of statements whose text depends on a small key. */
export function statementsByKey<K, P extends readonly unknown[], R>(
  engine: Engine,
  define: (key: K) => StatementDef<P, R>,
  options: PrepareOptions = {},
): (key: K) => AsyncPrepared<P, R> {
  const members = new Map<K, AsyncPrepared<P, R>>();
  return (key) => {
    let member = members.get(key);
    if (!member) members.set(key, (member = bind(engine, define(key), options.bigints ?? false)));
    return member;
  };
}
