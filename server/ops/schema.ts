import { sql } from 'kysely';
import { ddlFor, type Ddl, type Migration } from '../db';

/**
 * Operator accounts (issue 26), on both engines. `operators`: one row per person, the password as an
 * argon2id PHC string, the TOTP secret (base32) and the last time step a code was accepted for
 * (replays of that step or an earlier one are refused); `ops_sessions`: console sessions by the
 * SHA-256 of their token; `ops_tokens`: personal API tokens by the SHA-256 of their secret. Times
 * in ms since the epoch. The audit trail gains who-from (`ip`) and the record's state around the
 * action (`before`, `after`: JSON text, null where there is no record), and stays append-only.
 */
export const OPS_ACCOUNTS_DDL = (d: Ddl): string[] => [
  `create table operators (
     id ${d.id},
     name text not null unique,
     role text not null check (role in ('admin', 'reviewer', 'support', 'viewer')),
     password_hash text not null,
     totp_secret text,
     totp_enrolled ${d.int} not null default 0 check (totp_enrolled in (0, 1)),
     totp_last_step ${d.int},
     disabled ${d.int} not null default 0 check (disabled in (0, 1)),
     created_at ${d.int} not null,
     last_sign_in_at ${d.int}
   )`,
  `create table ops_sessions (
     token_hash text primary key,
     operator_id ${d.int} not null references operators (id),
     created_at ${d.int} not null,
     expires_at ${d.int} not null,
     revoked_at ${d.int}
   )`,
  `create index ops_sessions_operator on ops_sessions (operator_id)`,
  `create table ops_tokens (
     id ${d.id},
     operator_id ${d.int} not null references operators (id),
     label text not null,
     token_hash text not null unique,
     created_at ${d.int} not null,
     last_used_at ${d.int},
     revoked_at ${d.int}
   )`,
  `create index ops_tokens_operator on ops_tokens (operator_id)`,
  `alter table ops_actions add column ip text not null default ''`,
  `alter table ops_actions add column before text`,
  `alter table ops_actions add column after text`,
  `create index ops_actions_operator on ops_actions (operator, id)`,
  `create index ops_actions_action on ops_actions (action, id)`,
];

/** Operator accounts, sessions, tokens and the audit trail's new columns: a step after the baseline. */
export const opsAccountsMigration: Migration = {
  name: '106-ops-accounts',
  async up(db, engine) {
    for (const stmt of OPS_ACCOUNTS_DDL(ddlFor(engine))) await sql.raw(stmt).execute(db);
  },
};

/**
 * Console sessions' activity (issue 26, Security): `last_seen_at`, the last request (a session idle
 * longer than OPS_IDLE_MINUTES ends), and `step_up_at`, when a TOTP code was last given on the
 * session (sign-in or a money decision; money decisions within OPS_STEP_UP_MINUTES need no other).
 * Ms since the epoch; rows of earlier sessions start from their creation.
 */
export const OPS_SESSION_ACTIVITY_DDL = (d: Ddl): string[] => [
  `alter table ops_sessions add column last_seen_at ${d.int}`,
  `alter table ops_sessions add column step_up_at ${d.int}`,
  `update ops_sessions set last_seen_at = created_at, step_up_at = created_at`,
];

/** Idle timeout and step-up window of console sessions: a step after the accounts. */
export const opsSessionActivityMigration: Migration = {
  name: '107-ops-session-activity',
  async up(db, engine) {
    for (const stmt of OPS_SESSION_ACTIVITY_DDL(ddlFor(engine))) await sql.raw(stmt).execute(db);
  },
};
