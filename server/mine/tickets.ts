import type { Database as SqliteDb } from 'better-sqlite3';
import { prepareAll, sql, type PreparedSet, type TicketPurpose } from '../db';
import { fail } from '../http';
import { hashToken, newToken } from './tokens';

/** A ticket is valid this long, in milliseconds: enough to type a new password twice. */
export const TICKET_TTL_MS = 15 * 60_000;

/** The statements over `tickets`, named by what they do. */
const STATEMENTS = {
  issue: sql<[hash: string, userId: number, purpose: TicketPurpose, expiresAt: number]>(
    'insert into tickets (hash, user_id, purpose, expires_at, used_at) values (?, ?, ?, ?, null)',
  ),
  usable: sql<
    [hash: string, purpose: TicketPurpose, now: number, userId: number | null, userId2: number | null],
    number
  >(
    `select user_id from tickets where hash = ? and purpose = ? and used_at is null and expires_at > ?
       and (cast(? as bigint) is null or user_id = ?)`,
    (r) => Number(r.user_id),
  ),
  use: sql<
    [
      usedAt: number,
      hash: string,
      purpose: TicketPurpose,
      now: number,
      userId: number | null,
      userId2: number | null,
    ],
    number
  >(
    `update tickets set used_at = ?
     where hash = ? and purpose = ? and used_at is null and expires_at > ?
       and (cast(? as bigint) is null or user_id = ?)
     returning user_id`,
    (r) => Number(r.user_id),
  ),
};

/** One-use tickets linking step one of a password flow (proof) to step two (new password). */
export class TicketStore {
  readonly #q: PreparedSet<typeof STATEMENTS>;

  constructor(
    sqlite: SqliteDb,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = prepareAll(sqlite, STATEMENTS);
  }

  async issue(userId: number, purpose: TicketPurpose): Promise<string> {
    const ticket = newToken();
    this.#q.issue.run(hashToken(ticket), userId, purpose, this.now() + TICKET_TTL_MS);
    return ticket;
  }

  /** Throws like `use` when the ticket could not be used now, and leaves it unused. */
  async check(ticket: string, purpose: TicketPurpose, userId?: number): Promise<void> {
    const owner = userId ?? null;
    const found = this.#q.usable.get(hashToken(ticket), purpose, this.now(), owner, owner);
    if (found === undefined) throw fail('ticketExpired', 'ticket');
  }

  /**
   * Marks the ticket used and returns its user. Throws `ticketExpired` (field `ticket`) when it is
   * unknown, used, expired, for another purpose, or (with `userId`) another user's.
   */
  async use(ticket: string, purpose: TicketPurpose, userId?: number): Promise<number> {
    const now = this.now();
    const owner = userId ?? null;
    const used = this.#q.use.get(now, hashToken(ticket), purpose, now, owner, owner);
    if (used === undefined) throw fail('ticketExpired', 'ticket');
    return used;
  }
}
