import type { ListingApplication, ListingReq, ListingStatus } from '../../domain/listing-types';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** A row of `listing_applications`; times in ms since the epoch. */
export interface ListingRow {
  id: number;
  user_id: number;
  project: string;
  symbol: string;
  chain: string;
  contract: string;
  website: string;
  contact: string;
  description: string;
  status: ListingStatus;
  reason: string | null;
  decided_by: string | null;
  created_at: number;
  updated_at: number;
}

/** An application as its applicant sees it. */
export const toApplication = (r: ListingRow): ListingApplication => ({
  id: r.id,
  project: r.project,
  symbol: r.symbol,
  chain: r.chain,
  contract: r.contract,
  website: r.website,
  contact: r.contact,
  description: r.description,
  status: r.status,
  reason: r.reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toRow = (r: Record<string, unknown>): ListingRow => ({
  ...(r as unknown as ListingRow),
  id: Number(r.id),
  user_id: Number(r.user_id),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** The statements over `listing_applications`, named by what they do. */
const STATEMENTS = {
  byId: sql<[id: number], ListingRow>('select * from listing_applications where id = ?', toRow),
  mine: sql<[userId: number], ListingRow>(
    'select * from listing_applications where user_id = ? order by id desc limit 50',
    toRow,
  ),
  hasOpen: sql<[userId: number, symbol: string], true>(
    `select 1 from listing_applications where user_id = ? and symbol = ? and status in ('submitted', 'review')`,
    () => true,
  ),
  insert: sql<
    [
      userId: number,
      project: string,
      symbol: string,
      chain: string,
      contract: string,
      website: string,
      contact: string,
      description: string,
      createdAt: number,
      updatedAt: number,
    ],
    number
  >(
    `insert into listing_applications
       (user_id, project, symbol, chain, contract, website, contact, description, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'submitted', ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  decide: sql<
    [
      to: ListingStatus,
      reason: string | null,
      decidedBy: string,
      updatedAt: number,
      id: number,
      from: ListingStatus,
    ]
  >(
    `update listing_applications set status = ?, reason = ?, decided_by = ?, updated_at = ?
     where id = ? and status = ?`,
  ),
  list: sql<
    [status: ListingStatus | '', status2: ListingStatus | '', before: number, limit: number],
    ListingRow
  >(
    `select l.* from listing_applications l where (? = '' or l.status = ?) and l.id < ?
     order by l.id desc limit ?`,
    toRow,
  ),
};

/** Coin-listing applications (`listing_applications`). Writes run in the caller's writer command. */
export class ListingStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  get(id: number): Promise<ListingRow | undefined> {
    return this.#q.byId.get(id);
  }

  /** The user's latest 50 applications, newest first. */
  mine(userId: number): Promise<ListingRow[]> {
    return this.#q.mine.all(userId);
  }

  /** Whether the user has an application for `symbol` still submitted or in review. */
  async hasOpen(userId: number, symbol: string): Promise<boolean> {
    return (await this.#q.hasOpen.get(userId, symbol)) !== undefined;
  }

  /** Stores a new application as `submitted` at `at` (ms); returns its id. In a command. */
  async insert(userId: number, a: ListingReq, at: number): Promise<number> {
    const info = await this.#q.insert.run(
      userId,
      a.project,
      a.symbol,
      a.chain,
      a.contract,
      a.website,
      a.contact,
      a.description,
      at,
      at,
    );
    return info.lastId;
  }

  /**
   * Moves an application from status `from` to `to` (no change when it moved on meanwhile). In a
   * command.
   */
  async decide(
    id: number,
    from: ListingStatus,
    to: ListingStatus,
    reason: string | null,
    by: string,
    at: number,
  ): Promise<void> {
    await this.#q.decide.run(to, reason, by, at, id, from);
  }

  /** Applications newest first, a page of them (the newest 200 by default), of one status or ('') of all. */
  list(
    status: ListingStatus | '',
    page: { before: number; limit: number } = { before: Number.MAX_SAFE_INTEGER, limit: 200 },
  ): Promise<ListingRow[]> {
    return this.#q.list.all(status, status, page.before, page.limit);
  }
}
