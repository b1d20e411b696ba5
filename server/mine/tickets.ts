import { sql, statementsOf, type AsyncPreparedSet, type Engine, type TicketPurpose } from '../db';
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

/**
 * One-use tickets linking step one of a password flow (proof) to step two (new password). Issuing
 * and using are writer commands, or steps of the caller's command when called inside one (using a
 * ticket goes in the same command as the change it allows); `check` reads committed tickets.
 */
export class TicketStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  async issue(userId: number, purpose: TicketPurpose): Promise<string> {
    const ticket = newToken();
    const expiresAt = this.now() + TICKET_TTL_MS;
    await this.engine.writer.run(() => this.#q.issue.run(hashToken(ticket), userId, purpose, expiresAt));
    return ticket;
  }

  /** Throws like `use` when the ticket could not be used now, and leaves it unused. */
  async check(ticket: string, purpose: TicketPurpose, userId?: number): Promise<void> {
    const owner = userId ?? null;
    const found = await this.#q.usable.get(hashToken(ticket), purpose, this.now(), owner, owner);
    if (found === undefined) throw fail('ticketExpired', 'ticket');
  }

  /**
   * Marks the ticket used and returns its user. Throws `ticketExpired` (field `ticket`) when it is
   * unknown, used, expired, for another purpose, or (with `userId`) another user's.
   */
  async use(ticket: string, purpose: TicketPurpose, userId?: number): Promise<number> {
    const hash = hashToken(ticket);
    const owner = userId ?? null;
    const used = await this.engine.writer.run(() => {
      const now = this.now();
      return this.#q.use.get(now, hash, purpose, now, owner, owner);
    });
    if (used === undefined) throw fail('ticketExpired', 'ticket');
    return used;
  }
}
