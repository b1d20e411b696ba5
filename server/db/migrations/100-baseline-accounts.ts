import { baselinePart } from '../ddl';

/**
 * The database's own part of the baseline, first because every area's tables reference `users`:
 * users, sessions, verification codes, password-flow tickets and the message outbox, as `001-accounts`
 * left them. Their ids are never reused (a code or outbox row deleted does not hand its id on).
 */
export const accountsBaseline = baselinePart(0, (d) => [
  `create table users (
     id ${d.idNeverReused},
     account text not null unique,
     account_kind text not null check (account_kind in ('mobile', 'email')),
     password_hash text not null,
     trade_password_hash text,
     promo_code text not null unique,
     referrer_id ${d.int} references users (id),
     level text not null default 'member' check (level in ('member', 'agent')),
     credit_score ${d.int} not null default 100,
     kyc text not null default 'none' check (kyc in ('none', 'review', 'verified')),
     created_at ${d.int} not null
   )`,
  `create index users_referrer on users (referrer_id)`,
  `create table sessions (
     token_hash text primary key,
     user_id ${d.int} not null references users (id),
     created_at ${d.int} not null,
     expires_at ${d.int} not null,
     revoked_at ${d.int}
   )`,
  `create index sessions_user on sessions (user_id)`,
  `create table codes (
     id ${d.idNeverReused},
     account text not null,
     scene text not null,
     code_hash text not null,
     expires_at ${d.int} not null,
     attempts ${d.int} not null default 0,
     created_at ${d.int} not null,
     consumed_at ${d.int}
   )`,
  `create index codes_account_scene on codes (account, scene, id)`,
  `create table tickets (
     hash text primary key,
     user_id ${d.int} not null references users (id),
     purpose text not null,
     expires_at ${d.int} not null,
     used_at ${d.int}
   )`,
  `create table outbox (
     id ${d.idNeverReused},
     channel text not null,
     recipient text not null,
     scene text not null,
     body text not null,
     code text not null,
     created_at ${d.int} not null
   )`,
  `create index outbox_recipient on outbox (recipient, id)`,
]);
