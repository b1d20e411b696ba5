import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** A row of `zhibo_streams`: one setting of the live stream; times in ms since the epoch. */
export interface StreamRow {
  id: number;
  title: string;
  url: string | null;
  starts_at: number | null;
  ends_at: number | null;
  set_by: string;
  created_at: number;
}

/** What an operator sets; a null `url` clears the stream. */
export type StreamSetting = Omit<StreamRow, 'id' | 'created_at' | 'set_by'>;

const orNull = (v: unknown): number | null => (v === null ? null : Number(v));

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toRow = (r: Record<string, unknown>): StreamRow => ({
  ...(r as unknown as StreamRow),
  id: Number(r.id),
  starts_at: orNull(r.starts_at),
  ends_at: orNull(r.ends_at),
  created_at: Number(r.created_at),
});

/** The statements over `zhibo_streams`, named by what they do. */
const STATEMENTS = {
  current: sql<[], StreamRow>('select * from zhibo_streams order by id desc limit 1', toRow),
  insert: sql<
    [
      title: string,
      url: string | null,
      startsAt: number | null,
      endsAt: number | null,
      setBy: string,
      createdAt: number,
    ],
    number
  >(
    `insert into zhibo_streams (title, url, starts_at, ends_at, set_by, created_at) values (?, ?, ?, ?, ?, ?)
     returning id`,
    (r) => Number(r.id),
  ),
  history: sql<[], StreamRow>('select * from zhibo_streams order by id desc limit 50', toRow),
};

/** The live stream's settings, append-only: the newest row is the one in force. */
export class ZhiboStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** The setting in force, or undefined when none was ever made. */
  current(): Promise<StreamRow | undefined> {
    return this.#q.current.get();
  }

  /** Stores a new setting by `operator` at `at` (ms); returns its id. In a writer command. */
  async insert(row: StreamSetting, operator: string, at: number): Promise<number> {
    return (await this.#q.insert.run(row.title, row.url, row.starts_at, row.ends_at, operator, at)).lastId;
  }

  /** The latest 50 settings, newest first. */
  history(): Promise<StreamRow[]> {
    return this.#q.history.all();
  }
}
