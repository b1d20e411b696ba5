import { sql } from 'kysely';
import { sql as statement, statementsOf, type AsyncPreparedSet, type Engine, type Migration } from '../db';

/** One operator action as the audit trail keeps it. */
export interface OpsAction {
  id: number;
  operator: string;
  /** Such as `withdrawal.approve` or `bankDeposit.reject`. */
  action: string;
  /** Business row acted on, such as `withdrawals` / `12`. */
  targetType: string;
  targetId: string;
  /** Free detail as JSON text (txid, reason, amounts). */
  detail: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/**
 * The append-only audit trail of operator actions; triggers refuse edits and deletes.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const opsMigration: Migration = {
  name: '009-ops-actions',
  legacy: true,
  async up(db) {
    await sql
      .raw(
        `create table ops_actions (
           id integer primary key,
           operator text not null,
           action text not null,
           target_type text not null,
           target_id text not null,
           detail text not null default '{}',
           created_at integer not null
         )`,
      )
      .execute(db);
    await sql.raw(`create index ops_actions_target on ops_actions (target_type, target_id)`).execute(db);
    for (const op of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger ops_actions_no_${op} before ${op} on ops_actions
           begin select raise(abort, 'ops_actions is append-only'); end`,
        )
        .execute(db);
    }
  },
};

interface Row {
  id: number;
  operator: string;
  action: string;
  target_type: string;
  target_id: string;
  detail: string;
  created_at: number;
}

/** The statements over `ops_actions`, named by what they do. */
const STATEMENTS = {
  insert: statement<
    [
      operator: string,
      action: string,
      targetType: string,
      targetId: string,
      detail: string,
      createdAt: number,
    ],
    number
  >(
    // `returning id`: the new row's id on both engines.
    `insert into ops_actions (operator, action, target_type, target_id, detail, created_at)
     values (?, ?, ?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  list: statement<[before: number | null, before2: number | null, limit: number], OpsAction>(
    `select * from ops_actions where (cast(? as bigint) is null or id < ?) order by id desc limit ?`,
    (raw) => {
      const r = raw as unknown as Row;
      // Number(): PostgreSQL's driver gives bigint columns as strings.
      return {
        id: Number(r.id),
        operator: r.operator,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        detail: r.detail,
        createdAt: Number(r.created_at),
      };
    },
  ),
};

/**
 * Records operator actions. `record` runs only inside the writer command of the change it describes
 * (outside one the engine refuses the write), so the action and its effect are kept together or not
 * at all.
 */
export class OpsJournal {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** Appends the action inside the caller's writer command; resolves to its id. */
  async record(
    a: Omit<OpsAction, 'id' | 'createdAt' | 'detail'> & { detail?: Record<string, unknown> },
  ): Promise<number> {
    const info = await this.#q.insert.run(
      a.operator,
      a.action,
      a.targetType,
      a.targetId,
      JSON.stringify(a.detail ?? {}),
      this.now(),
    );
    return info.lastId;
  }

  /** The newest actions with ids below `before` (committed ones, outside a command), newest first. */
  list(before: number | null, limit: number): Promise<OpsAction[]> {
    return this.#q.list.all(before, before, limit);
  }
}
