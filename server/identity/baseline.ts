import { baselinePart } from '../db';

/**
 * The identity area's part of the baseline (legacy `014-identity`): verification submissions, the
 * authorization codes, team additions, referral rebates (ledger minor units, one per trade, paying
 * user and coin) and the rebate service's cursor (a single row).
 */
export const identityBaseline = baselinePart(140, (d) => [
  `create table identity_kyc (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     name text not null,
     doc_type text not null check (doc_type in ('idCard', 'passport')),
     id_number text not null,
     front_id text not null unique references uploads (id),
     back_id text not null unique references uploads (id),
     hand_id text not null unique references uploads (id),
     status text not null check (status in ('review', 'verified', 'rejected')),
     reason text,
     decided_by text,
     created_at ${d.int} not null,
     decided_at ${d.int},
     check ((status = 'review') = (decided_at is null)),
     check (status <> 'rejected' or reason is not null)
   )`,
  `create index identity_kyc_user on identity_kyc (user_id, id)`,
  `create index identity_kyc_status on identity_kyc (status, id)`,
  `create unique index identity_kyc_one_review on identity_kyc (user_id) where status = 'review'`,
  `create table identity_auth_codes (
     user_id ${d.int} primary key references users (id),
     code_hash text not null,
     expires_at ${d.int} not null,
     attempts ${d.int} not null default 0,
     created_at ${d.int} not null
   )`,
  `create table identity_team_joins (
     id ${d.id},
     agent_id ${d.int} not null references users (id),
     user_id ${d.int} not null references users (id),
     created_at ${d.int} not null
   )`,
  `create table identity_rebates (
     id ${d.id},
     referrer_id ${d.int} not null references users (id),
     referral_id ${d.int} not null references users (id),
     trade_id ${d.int} not null,
     symbol text not null,
     coin text not null,
     fee_units ${d.int} not null check (fee_units > 0),
     units ${d.int} not null check (units > 0),
     ledger_tx_id ${d.int} not null references ledger_tx (id),
     created_at ${d.int} not null,
     unique (trade_id, referral_id, coin)
   )`,
  `create index identity_rebates_referrer on identity_rebates (referrer_id, id)`,
  `create table identity_rebate_cursor (
     id ${d.int} primary key check (id = 1),
     last_trade_id ${d.int} not null
   )`,
]);
