import { sql } from 'kysely';
import type { Migration } from '../db';
import type { UploadClaim } from '../shared/uploads';

/**
 * Fiat P2P tables. Fiat prices and amounts are INTEGER cents (2 decimals); coin quantities INTEGER
 * ledger units (1e-8). Times are ms since the epoch.
 *
 * - `legal_methods`: payment information; removal is soft (`removed_at`) so orders keep the payee
 *   they showed (the order copies it into `payee` anyway).
 * - `legal_applications`: merchant applications; a user is a merchant while one is `approved`.
 * - `legal_ads`: `remaining` is what can still be taken. A sell ad holds `remaining` frozen in the
 *   merchant's `legal` account; an order on it carries its own part of that freeze.
 * - `legal_orders`: one per take; `status` follows domain/legal-rules.ts TRANSITIONS. `pay_deadline`
 *   drives the payment timer; `payee` is the seller's methods as JSON at the time of the match.
 * - `legal_events`: the timeline (who, what, when), append-only; merchant statistics read it.
 * - `legal_appeals`: one per order at most; evidence upload ids as JSON.
 * - `legal_freezes`: a user's fiat trading frozen by an operator decision, until lifted.
 * - `legal_cancels`: cancellations of a buyer per UTC day.
 * - `legal_images`: uploads the area keeps (QR codes, evidence, chat), so the upload sweep spares them.
 * - `legal_messages`: the short chat inside an order.
 */
export const LEGAL_DDL: readonly string[] = [
  `create table legal_methods (
     id integer primary key,
     user_id integer not null references users (id),
     kind text not null check (kind in ('bank', 'alipay', 'wechat', 'trc20', 'erc20')),
     real_name text not null,
     bank text not null,
     card_number text not null,
     account text not null,
     nickname text not null,
     qr_id text not null,
     updated_at integer not null,
     removed_at integer
   )`,
  `create index legal_methods_user on legal_methods (user_id, removed_at)`,
  `create table legal_applications (
     id integer primary key,
     user_id integer not null references users (id),
     nickname text not null,
     status text not null check (status in ('review', 'approved', 'rejected')),
     reason text,
     decided_by text,
     created_at integer not null,
     decided_at integer
   )`,
  `create index legal_applications_user on legal_applications (user_id, id)`,
  `create table legal_ads (
     id integer primary key,
     merchant_id integer not null references users (id),
     side text not null check (side in ('buy', 'sell')),
     coin text not null,
     currency text not null,
     price integer not null check (price > 0),
     min_amount integer not null check (min_amount > 0),
     max_amount integer not null check (max_amount >= min_amount),
     total integer not null check (total > 0),
     remaining integer not null check (remaining >= 0 and remaining <= total),
     methods text not null,
     auto_cancel_min integer not null check (auto_cancel_min >= 0),
     expires_at integer,
     status text not null check (status in ('online', 'paused', 'withdrawn')),
     created_at integer not null,
     updated_at integer not null
   )`,
  `create index legal_ads_hall on legal_ads (status, side, coin, currency, price)`,
  `create index legal_ads_merchant on legal_ads (merchant_id, id)`,
  `create index legal_ads_expiry on legal_ads (expires_at) where status != 'withdrawn'`,
  `create table legal_orders (
     id integer primary key,
     ad_id integer not null references legal_ads (id),
     merchant_id integer not null references users (id),
     user_id integer not null references users (id),
     buyer_id integer not null references users (id),
     seller_id integer not null references users (id),
     coin text not null,
     currency text not null,
     price integer not null,
     qty integer not null check (qty > 0),
     amount integer not null check (amount > 0),
     fee integer not null check (fee >= 0),
     status text not null check (status in
       ('pending', 'paid', 'completed', 'cancelled', 'withdrawn', 'abnormal', 'appeal')),
     pay_deadline integer not null,
     pay_ref text,
     payee text not null,
     created_at integer not null,
     updated_at integer not null,
     check (buyer_id != seller_id)
   )`,
  `create index legal_orders_user on legal_orders (user_id, id)`,
  `create index legal_orders_merchant on legal_orders (merchant_id, id)`,
  `create index legal_orders_pending on legal_orders (pay_deadline) where status = 'pending'`,
  `create table legal_events (
     id integer primary key,
     order_id integer not null references legal_orders (id),
     actor text not null,
     role text not null check (role in ('buyer', 'seller', 'system', 'operator')),
     kind text not null,
     detail text not null default '{}',
     created_at integer not null
   )`,
  `create index legal_events_order on legal_events (order_id, id)`,
  `create index legal_events_kind on legal_events (kind, created_at)`,
  `create table legal_appeals (
     id integer primary key,
     order_id integer not null unique references legal_orders (id),
     opened_by text not null check (opened_by in ('buyer', 'seller')),
     reason text not null,
     evidence text not null default '[]',
     status text not null check (status in ('open', 'decided')),
     outcome text check (outcome in ('release', 'return')),
     decided_by text,
     created_at integer not null,
     decided_at integer
   )`,
  `create table legal_freezes (
     id integer primary key,
     user_id integer not null references users (id),
     reason text not null,
     order_id integer references legal_orders (id),
     created_by text not null,
     created_at integer not null,
     lifted_by text,
     lifted_at integer
   )`,
  `create index legal_freezes_user on legal_freezes (user_id, lifted_at)`,
  `create table legal_cancels (
     user_id integer not null references users (id),
     day text not null,
     count integer not null check (count >= 0),
     primary key (user_id, day)
   )`,
  `create table legal_images (
     upload_id text primary key references uploads (id),
     user_id integer not null references users (id),
     purpose text not null,
     created_at integer not null
   )`,
  `create table legal_messages (
     id integer primary key,
     order_id integer not null references legal_orders (id),
     user_id integer not null references users (id),
     text text not null,
     image_id text not null,
     created_at integer not null
   )`,
  `create index legal_messages_order on legal_messages (order_id, id)`,
  `create trigger legal_events_no_update before update on legal_events
     begin select raise(abort, 'legal_events is append-only'); end`,
  `create trigger legal_events_no_delete before delete on legal_events
     begin select raise(abort, 'legal_events is append-only'); end`,
];

/** The uploads the fiat area keeps: payment QR codes, appeal evidence and order chat images. */
export const LEGAL_UPLOAD_CLAIMS: readonly UploadClaim[] = [{ table: 'legal_images', column: 'upload_id' }];

/**
 * Migration that creates the fiat P2P tables (named after issue 13, so areas sort by issue).
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const legalMigration: Migration = {
  name: '013-legal',
  legacy: true,
  async up(db) {
    for (const stmt of LEGAL_DDL) await sql.raw(stmt).execute(db);
  },
};
