import type { Kysely } from 'kysely';
import type { Database, TicketPurpose } from '../db';
import { fail } from '../http';
import { hashToken, newToken } from './tokens';

/** A ticket is valid this long, in milliseconds: enough to type a new password twice. */
export const TICKET_TTL_MS = 15 * 60_000;

/** One-use tickets linking step one of a password flow (proof) to step two (new password). */
export class TicketStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(userId: number, purpose: TicketPurpose): Promise<string> {
    const ticket = newToken();
    await this.db
      .insertInto('tickets')
      .values({
        hash: hashToken(ticket),
        user_id: userId,
        purpose,
        expires_at: this.now() + TICKET_TTL_MS,
        used_at: null,
      })
      .execute();
    return ticket;
  }

  /** Throws like `use` when the ticket could not be used now, and leaves it unused. */
  async check(ticket: string, purpose: TicketPurpose, userId?: number): Promise<void> {
    let q = this.db
      .selectFrom('tickets')
      .select('user_id')
      .where('hash', '=', hashToken(ticket))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.now());
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    if (!(await q.executeTakeFirst())) throw fail('ticketExpired', 'ticket');
  }

  /**
   * Marks the ticket used and returns its user. Throws `ticketExpired` (field `ticket`) when it is
   * unknown, used, expired, for another purpose, or (with `userId`) another user's.
   */
  async use(ticket: string, purpose: TicketPurpose, userId?: number): Promise<number> {
    const now = this.now();
    let q = this.db
      .updateTable('tickets')
      .set({ used_at: now })
      .where('hash', '=', hashToken(ticket))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    const row = await q.returning('user_id').executeTakeFirst();
    if (!row) throw fail('ticketExpired', 'ticket');
    return row.user_id;
  }
}
