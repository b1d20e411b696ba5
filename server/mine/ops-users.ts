import type { OpsUserHit } from '../../domain';
import {
  sql,
  statementsByKey,
  statementsOf,
  type AsyncPrepared,
  type AsyncPreparedSet,
  type Engine,
} from '../db';
import { byListSize, idLists, placeholders, type IdListSize } from '../shared/id-lists';

/** A user row as the operator console reads it (the nickname comes from the fiat area). */
export interface OpsUserRow {
  id: number;
  account: string;
  kyc: string;
  frozenAt: number | null;
  freezeReason: string | null;
  createdAt: number;
}

const COLS = `id, account, kyc, frozen_at, freeze_reason, created_at`;

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toRow = (r: Record<string, unknown>): OpsUserRow => ({
  id: Number(r.id),
  account: r.account as string,
  kyc: r.kyc as string,
  frozenAt: r.frozen_at === null || r.frozen_at === undefined ? null : Number(r.frozen_at),
  freezeReason: (r.freeze_reason as string | null | undefined) ?? null,
  createdAt: Number(r.created_at),
});

const STATEMENTS = {
  byId: sql<[userId: number], OpsUserRow>(`select ${COLS} from users where id = ?`, toRow),
  byPrefix: sql<[pattern: string, limit: number], OpsUserRow>(
    `select ${COLS} from users where lower(account) like ? escape '\\' order by id limit ?`,
    toRow,
  ),
  freeze: sql<[at: number, reason: string, userId: number]>(
    'update users set frozen_at = ?, freeze_reason = ? where id = ? and frozen_at is null',
  ),
  unfreeze: sql<[userId: number]>(
    'update users set frozen_at = null, freeze_reason = null where id = ? and frozen_at is not null',
  ),
};

const BY_IDS = byListSize((size) =>
  sql<number[], OpsUserRow>(`select ${COLS} from users where id in (${placeholders(size)})`, toRow),
);

/** The user rows the operator console reads and the freeze it writes (the accounts area's own). */
export class OpsUsers {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #byIds: (size: IdListSize) => AsyncPrepared<number[], OpsUserRow>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
    this.#byIds = statementsByKey(engine, BY_IDS);
  }

  byId(userId: number): Promise<OpsUserRow | undefined> {
    return this.#q.byId.get(userId);
  }

  async byIds(userIds: readonly number[]): Promise<OpsUserRow[]> {
    const out: OpsUserRow[] = [];
    for (const list of idLists(userIds)) out.push(...(await this.#byIds(list.size).all(...list.ids)));
    return out;
  }

  /** Users whose account (mobile number or e-mail, stored in lower case) starts with `prefix`. */
  byAccountPrefix(prefix: string, limit: number): Promise<OpsUserRow[]> {
    const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.#q.byPrefix.all(pattern, limit);
  }

  /** Freezes a usable account; false when it was frozen already. Inside a writer command. */
  async freeze(userId: number, reason: string, at: number): Promise<boolean> {
    return (await this.#q.freeze.run(at, reason, userId)).changes > 0;
  }

  /** Unfreezes a frozen account; false when it was not frozen. Inside a writer command. */
  async unfreeze(userId: number): Promise<boolean> {
    return (await this.#q.unfreeze.run(userId)).changes > 0;
  }
}

/** A row as a search hit, with its merchant nickname ('' for none). */
export function toHit(r: OpsUserRow, nickname = ''): OpsUserHit {
  return { id: r.id, account: r.account, nickname, frozen: r.frozenAt !== null, createdAt: r.createdAt };
}
