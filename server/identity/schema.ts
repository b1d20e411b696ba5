import { sql } from 'kysely';
import type { Migration } from '../db';
import type { UploadClaim } from '../shared/uploads';

/**
 * Identity verification, agents' team additions, authorization codes and referral rebates.
 *
 * - `identity_kyc`: every submission, kept after the decision (the history of who was verified on
 *   what, and why a refusal was made). At most one in `review` per user; each photo backs one
 *   submission only. `users.kyc` mirrors the latest decision (`none` after a refusal).
 * - `identity_auth_codes`: the one live authorization code of a user (spec §3), stored hashed; a
 *   user hands it to an agent, who may then add the user to their team once.
 * - `identity_team_joins`: each addition of a user to an agent's team, append-only.
 * - `identity_rebates`: a share of a spot fee paid by a direct referral, credited to the inviter by
 *   the ledger transaction `ledger_tx_id` (kind `rebate`, ref `spot_trades`/`trade_id`). Amounts are
 *   INTEGER ledger minor units (1e-8). One rebate per trade, paying user and coin, so a replay after a
 *   restart cannot pay twice.
 * - `identity_rebate_cursor`: the last `spot_trades.id` the rebate service has looked at.
 */
export const IDENTITY_DDL: readonly string[] = [
  `create table identity_kyc (
     id integer primary key,
     user_id integer not null references users (id),
     name text not null,
     doc_type text not null check (doc_type in ('idCard', 'passport')),
     id_number text not null,
     front_id text not null unique references uploads (id),
     back_id text not null unique references uploads (id),
     hand_id text not null unique references uploads (id),
     status text not null check (status in ('review', 'verified', 'rejected')),
     reason text,
     decided_by text,
     created_at integer not null,
     decided_at integer,
     check ((status = 'review') = (decided_at is null)),
     check (status <> 'rejected' or reason is not null)
   )`,
  `create index identity_kyc_user on identity_kyc (user_id, id)`,
  `create index identity_kyc_status on identity_kyc (status, id)`,
  `create unique index identity_kyc_one_review on identity_kyc (user_id) where status = 'review'`,
  `create table identity_auth_codes (
     user_id integer primary key references users (id),
     code_hash text not null,
     expires_at integer not null,
     attempts integer not null default 0,
     created_at integer not null
   )`,
  `create table identity_team_joins (
     id integer primary key,
     agent_id integer not null references users (id),
     user_id integer not null references users (id),
     created_at integer not null
   )`,
  `create table identity_rebates (
     id integer primary key,
     referrer_id integer not null references users (id),
     referral_id integer not null references users (id),
     trade_id integer not null,
     symbol text not null,
     coin text not null,
     fee_units integer not null check (fee_units > 0),
     units integer not null check (units > 0),
     ledger_tx_id integer not null references ledger_tx (id),
     created_at integer not null,
     unique (trade_id, referral_id, coin)
   )`,
  `create index identity_rebates_referrer on identity_rebates (referrer_id, id)`,
  `create table identity_rebate_cursor (
     id integer primary key check (id = 1),
     last_trade_id integer not null
   )`,
];

/** The uploads an identity submission keeps: its three photos. */
export const KYC_UPLOAD_CLAIMS: readonly UploadClaim[] = [
  { table: 'identity_kyc', column: 'front_id' },
  { table: 'identity_kyc', column: 'back_id' },
  { table: 'identity_kyc', column: 'hand_id' },
];

/**
 * Migration that creates the identity and team tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const identityMigration: Migration = {
  name: '014-identity',
  legacy: true,
  async up(db) {
    for (const stmt of IDENTITY_DDL) await sql.raw(stmt).execute(db);
  },
};
