import { randomBytes } from 'node:crypto';
import { OPS_TICKET_MS } from '../../domain';

/** What passed the password step: who, and on enrolment the secret offered to them. */
export interface LoginTicket {
  operatorId: number;
  name: string;
  /** Base32 secret shown at enrolment, saved only when its first code is right; absent for `totp`. */
  enrolSecret?: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Most tickets held at once; sign-in is rate-limited, so this is only a bound on memory. */
const MAX_TICKETS = 10_000;

/**
 * The tickets between the password step and the TOTP step: random, single-use, OPS_TICKET_MS long.
 * Held in memory: a ticket lives minutes, and one lost in a restart costs a second password entry.
 * A wrong code does not spend the ticket (the code step has its own rate limit), a right one does.
 */
export class TicketBook {
  readonly #tickets = new Map<string, LoginTicket>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Issues a ticket for `entry`; returns its text. */
  issue(entry: Omit<LoginTicket, 'expiresAt'>): string {
    this.#sweep();
    if (this.#tickets.size >= MAX_TICKETS) {
      const oldest = this.#tickets.keys().next().value;
      if (oldest !== undefined) this.#tickets.delete(oldest);
    }
    const ticket = randomBytes(32).toString('base64url');
    this.#tickets.set(ticket, { ...entry, expiresAt: this.now() + OPS_TICKET_MS });
    return ticket;
  }

  /** The live ticket, or null (unknown, spent or expired). */
  peek(ticket: string): LoginTicket | null {
    const entry = this.#tickets.get(ticket);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.#tickets.delete(ticket);
      return null;
    }
    return entry;
  }

  /** Spends the ticket: it cannot be used again. */
  spend(ticket: string): void {
    this.#tickets.delete(ticket);
  }

  /** Drops every ticket of `operatorId` (disabled, or its second factor reset). */
  dropOf(operatorId: number): void {
    for (const [k, v] of this.#tickets) if (v.operatorId === operatorId) this.#tickets.delete(k);
  }

  #sweep(): void {
    const now = this.now();
    // Insertion order is expiry order (same lifetime for all), so the expired ones lead.
    for (const [k, v] of this.#tickets) {
      if (v.expiresAt > now) break;
      this.#tickets.delete(k);
    }
  }
}
