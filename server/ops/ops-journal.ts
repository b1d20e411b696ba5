import { sql } from 'kysely';
import { sql as statement, statementsOf, type AsyncPreparedSet, type Engine, type Migration } from '../db';
import type { OpsAuditRow } from '../../domain/ops-api';
import { currentOpsRequest } from './request-context';

/**
 * One row of the audit trail: the console's `OpsAuditRow` (domain/ops-api.ts). `ip` is empty for
 * actions no request caused (the CLI on the server machine); `createdAt` in milliseconds since the epoch.
 */
export type OpsAction = OpsAuditRow;

/** What `record` takes: the row without its id and time; `ip` defaults to the request's. */
export interface OpsActionInput {
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
  detail?: Record<string, unknown>;
  /** The record's state before / after (at least its status and the decided fields). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string;
}

/** Exact-match filters of the audit trail's list. */
export interface OpsActionFilter {
  operator?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
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
  before: string | null;
  after: string | null;
  ip: string;
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
      before: string | null,
      after: string | null,
      ip: string,
      createdAt: number,
    ],
    number
  >(
    // `returning id`: the new row's id on both engines.
    `insert into ops_actions (operator, action, target_type, target_id, detail, before, after, ip, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  list: statement<
    [
      before: number | null,
      before2: number | null,
      operator: string | null,
      operator2: string | null,
      action: string | null,
      action2: string | null,
      targetType: string | null,
      targetType2: string | null,
      targetId: string | null,
      targetId2: string | null,
      limit: number,
    ],
    OpsAction
  >(
    `select * from ops_actions
     where (cast(? as bigint) is null or id < ?)
       and (cast(? as text) is null or operator = ?)
       and (cast(? as text) is null or action = ?)
       and (cast(? as text) is null or target_type = ?)
       and (cast(? as text) is null or target_id = ?)
     order by id desc limit ?`,
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
        before: r.before ?? null,
        after: r.after ?? null,
        ip: r.ip,
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
  async record(a: OpsActionInput): Promise<number> {
    const json = (v: Record<string, unknown> | null | undefined) => (v ? JSON.stringify(v) : null);
    const info = await this.#q.insert.run(
      a.operator,
      a.action,
      a.targetType,
      a.targetId,
      JSON.stringify(a.detail ?? {}),
      json(a.before),
      json(a.after),
      (a.ip ?? currentOpsRequest()?.ip ?? '').slice(0, 64),
      this.now(),
    );
    return info.lastId;
  }

  /**
   * The newest actions with ids below `before` matching every filter given (committed ones, outside a
   * command), newest first.
   */
  list(before: number | null, limit: number, f: OpsActionFilter = {}): Promise<OpsAction[]> {
    const o = (v: string | undefined) => v ?? null;
    return this.#q.list.all(
      before,
      before,
      o(f.operator),
      o(f.operator),
      o(f.action),
      o(f.action),
      o(f.targetType),
      o(f.targetType),
      o(f.targetId),
      o(f.targetId),
      limit,
    );
  }
}
