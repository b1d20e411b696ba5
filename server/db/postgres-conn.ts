import pg from 'pg';
import { mapRows, type AnyDef, type Conn } from './conn';
import { numberPlaceholders } from './placeholders';
import type { RunResult } from './statements';
import { WriterUnavailableError } from './writer';

/**
 * Whether an error means the database cannot be reached or is refusing sessions (rather than refusing
 * this statement): a socket error, a lost or timed-out connection, or SQLSTATE classes 08 (connection
 * exception), 53 (insufficient resources) and 57 (operator intervention, such as a shutdown), or a
 * database that is not accepting connections.
 */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code) ||
    /^(08|53|57)/.test(code) ||
    /not currently accepting connections|Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/** Turns an error that means "the database is away" into the refusal the HTTP layer answers with 503. */
function unavailable(err: unknown): never {
  if (isUnavailable(err)) throw new WriterUnavailableError('the database is unavailable', { cause: err });
  throw err;
}

const INT8 = 20;

/**
 * How values come back, per statement table as on SQLite: `bigint` columns (PostgreSQL's int8, which
 * every integer column of the schema is) as bigint for tables whose rows hold money, as number for
 * the others (ids, times and counts stay below 2^53). Other types keep the driver's parsers; `sum`
 * of integers is `numeric` and comes back as a decimal string, which the row mappers convert.
 */
const TYPES = [false, true].map((bigints) => ({
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8) return bigints ? (v: string) => BigInt(v) : (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
}));

/** A statement's PostgreSQL text and the name it is prepared under on every connection. */
interface PgStatement {
  name: string;
  text: string;
}

const statements = new WeakMap<AnyDef, PgStatement>();
let named = 0;

function pgStatement(def: AnyDef): PgStatement {
  let s = statements.get(def);
  if (!s) statements.set(def, (s = { name: `s${++named}`, text: numberPlaceholders(def.text) }));
  return s;
}

/** What PostgresConn runs queries on: one client (the writer's) or a pool (reads). */
export type PgQueryable = pg.Client | pg.Pool | pg.PoolClient;

/**
 * A PostgreSQL connection (or read pool) behind the asynchronous `Conn`. Each statement is prepared
 * by name the first time a connection runs it (the driver keeps the parse per connection), with its
 * `?` placeholders numbered once (`numberPlaceholders`).
 */
export class PostgresConn implements Conn {
  readonly kind = 'postgres' as const;

  constructor(
    /**
     * The connection to run on. `begin` is true for the statement that opens a transaction: only then
     * may the writer's target connect again after a loss; a loss inside a transaction must fail the
     * rest of it rather than continue on a new connection outside it.
     */
    private readonly target: (begin: boolean) => PgQueryable | Promise<PgQueryable>,
    private readonly release: () => Promise<void> = () => Promise.resolve(),
  ) {}

  private async query(def: AnyDef, params: readonly unknown[], bigints: boolean) {
    const s = pgStatement(def);
    try {
      const on = await this.target(false);
      return await on.query<Record<string, unknown>>({
        name: s.name,
        text: s.text,
        values: params as unknown[],
        types: TYPES[bigints ? 1 : 0],
      });
    } catch (err) {
      return unavailable(err);
    }
  }

  async run(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<RunResult> {
    const r = await this.query(def, params, bigints);
    const id = r.rows[0]?.id;
    return { changes: r.rowCount ?? 0, lastId: id === undefined || id === null ? 0 : Number(id) };
  }

  async get(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<unknown> {
    const r = await this.query(def, params, bigints);
    return r.rows.length ? mapRows(def, [r.rows[0]!])[0] : undefined;
  }

  async all(def: AnyDef, params: readonly unknown[], bigints: boolean): Promise<unknown[]> {
    return mapRows(def, (await this.query(def, params, bigints)).rows);
  }

  async exec(text: string): Promise<void> {
    try {
      await (await this.target(/^\s*begin\b/i.test(text))).query(text);
    } catch (err) {
      unavailable(err);
    }
  }

  close(): Promise<void> {
    return this.release();
  }
}
