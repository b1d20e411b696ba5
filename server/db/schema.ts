import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountKind, CodeScene, KycState } from '../../domain';

// Every `*_at` column is an integer: milliseconds since the epoch (UTC). Integers compare and index
// cheaply in SQLite and convert to ISO 8601 only at the API boundary.

/** A registered user. */
export interface UsersTable {
  id: Generated<number>;
  /** Mobile number or e-mail exactly as registered; unique, never changed (spec §5). */
  account: string;
  account_kind: AccountKind;
  /** argon2id PHC string. */
  password_hash: string;
  /** argon2id PHC string of the separate trade password, or null when none is set. */
  trade_password_hash: string | null;
  /** The user's own promotion code; unique. */
  promo_code: string;
  /** The user whose promotion code was used at registration. */
  referrer_id: number | null;
  level: 'member' | 'agent';
  /** The last credit score computed from its published factors (server/identity/credit.ts); a cache, never typed in. */
  credit_score: Generated<number>;
  kyc: Generated<KycState>;
  /** Milliseconds since the epoch. */
  created_at: number;
  /** When an operator froze the account (ms since the epoch), or null (server/mine/schema.ts). */
  frozen_at: Generated<number | null>;
  /** The operator's reason for the freeze, or null. */
  freeze_reason: Generated<string | null>;
}

/** A session; the bearer token itself is never stored, only its SHA-256. */
export interface SessionsTable {
  /** Hex SHA-256 of the token. */
  token_hash: string;
  user_id: number;
  /** Milliseconds since the epoch. */
  created_at: number;
  /** Milliseconds since the epoch. */
  expires_at: number;
  /** Milliseconds since the epoch, or null while the session is live. */
  revoked_at: number | null;
}

/** A verification code sent to an account for one scene. */
export interface CodesTable {
  id: Generated<number>;
  account: string;
  scene: CodeScene;
  /** Hex SHA-256 of account, scene and code. */
  code_hash: string;
  /** Milliseconds since the epoch. */
  expires_at: number;
  /** Wrong guesses so far. */
  attempts: Generated<number>;
  /** Milliseconds since the epoch. */
  created_at: number;
  /** Milliseconds since the epoch; set when used or superseded by a newer code. */
  consumed_at: number | null;
}

/** What a ticket allows. */
export type TicketPurpose = 'forget' | 'modifyPwd';

/** A short-lived, one-use ticket linking the two steps of a password flow. */
export interface TicketsTable {
  /** Hex SHA-256 of the ticket. */
  hash: string;
  user_id: number;
  purpose: TicketPurpose;
  /** Milliseconds since the epoch. */
  expires_at: number;
  /** Milliseconds since the epoch, or null while unused. */
  used_at: number | null;
}

/** A message the embedded sender "delivered" (kept for the demo outbox and for audit). */
export interface OutboxTable {
  id: Generated<number>;
  channel: AccountKind;
  recipient: string;
  scene: CodeScene;
  body: string;
  code: string;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** Applied migrations. */
export interface MigrationsTable {
  name: string;
  /** Milliseconds since the epoch. */
  applied_at: number;
}

/** The whole schema as Kysely sees it. Later migrations add their tables here. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  codes: CodesTable;
  tickets: TicketsTable;
  outbox: OutboxTable;
  migrations: MigrationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
