import { baselinePart, type Ddl } from '../db';

/**
 * The fiat P2P area's part of the baseline (legacy `013-legal`; what each table holds is told in
 * `schema.ts`). Fiat prices and amounts are integer cents; coin quantities ledger minor units; times
 * ms since the epoch. The order timeline (`legal_events`) is append-only on both engines.
 */
export const legalBaseline = baselinePart(130, (d) => [...merchantTables(d), ...orderTables(d)]);

/** Payment methods, merchant applications and the ads of the hall. */
function merchantTables(d: Ddl): string[] {
  return [
    `create table legal_methods (
       id ${d.id},
       user_id ${d.int} not null references users (id),
       kind text not null check (kind in ('bank', 'alipay', 'wechat', 'trc20', 'erc20')),
       real_name text not null,
       bank text not null,
       card_number text not null,
       account text not null,
       nickname text not null,
       qr_id text not null,
       updated_at ${d.int} not null,
       removed_at ${d.int}
     )`,
    `create index legal_methods_user on legal_methods (user_id, removed_at)`,
    `create table legal_applications (
       id ${d.id},
       user_id ${d.int} not null references users (id),
       nickname text not null,
       status text not null check (status in ('review', 'approved', 'rejected')),
       reason text,
       decided_by text,
       created_at ${d.int} not null,
       decided_at ${d.int}
     )`,
    `create index legal_applications_user on legal_applications (user_id, id)`,
    `create table legal_ads (
       id ${d.id},
       merchant_id ${d.int} not null references users (id),
       side text not null check (side in ('buy', 'sell')),
       coin text not null,
       currency text not null,
       price ${d.int} not null check (price > 0),
       min_amount ${d.int} not null check (min_amount > 0),
       max_amount ${d.int} not null check (max_amount >= min_amount),
       total ${d.int} not null check (total > 0),
       remaining ${d.int} not null check (remaining >= 0 and remaining <= total),
       methods text not null,
       auto_cancel_min ${d.int} not null check (auto_cancel_min >= 0),
       expires_at ${d.int},
       status text not null check (status in ('online', 'paused', 'withdrawn')),
       created_at ${d.int} not null,
       updated_at ${d.int} not null
     )`,
    `create index legal_ads_hall on legal_ads (status, side, coin, currency, price)`,
    `create index legal_ads_merchant on legal_ads (merchant_id, id)`,
    `create index legal_ads_expiry on legal_ads (expires_at) where status != 'withdrawn'`,
  ];
}

/** Orders and what hangs on them: the timeline, appeals, freezes, cancellations, images and chat. */
function orderTables(d: Ddl): string[] {
  return [
    `create table legal_orders (
       id ${d.id},
       ad_id ${d.int} not null references legal_ads (id),
       merchant_id ${d.int} not null references users (id),
       user_id ${d.int} not null references users (id),
       buyer_id ${d.int} not null references users (id),
       seller_id ${d.int} not null references users (id),
       coin text not null,
       currency text not null,
       price ${d.int} not null,
       qty ${d.int} not null check (qty > 0),
       amount ${d.int} not null check (amount > 0),
       fee ${d.int} not null check (fee >= 0),
       status text not null check (status in
         ('pending', 'paid', 'completed', 'cancelled', 'withdrawn', 'abnormal', 'appeal')),
       pay_deadline ${d.int} not null,
       pay_ref text,
       payee text not null,
       created_at ${d.int} not null,
       updated_at ${d.int} not null,
       check (buyer_id != seller_id)
     )`,
    `create index legal_orders_user on legal_orders (user_id, id)`,
    `create index legal_orders_merchant on legal_orders (merchant_id, id)`,
    `create index legal_orders_pending on legal_orders (pay_deadline) where status = 'pending'`,
    `create table legal_events (
       id ${d.id},
       order_id ${d.int} not null references legal_orders (id),
       actor text not null,
       role text not null check (role in ('buyer', 'seller', 'system', 'operator')),
       kind text not null,
       detail text not null default '{}',
       created_at ${d.int} not null
     )`,
    `create index legal_events_order on legal_events (order_id, id)`,
    `create index legal_events_kind on legal_events (kind, created_at)`,
    `create table legal_appeals (
       id ${d.id},
       order_id ${d.int} not null unique references legal_orders (id),
       opened_by text not null check (opened_by in ('buyer', 'seller')),
       reason text not null,
       evidence text not null default '[]',
       status text not null check (status in ('open', 'decided')),
       outcome text check (outcome in ('release', 'return')),
       decided_by text,
       created_at ${d.int} not null,
       decided_at ${d.int}
     )`,
    `create table legal_freezes (
       id ${d.id},
       user_id ${d.int} not null references users (id),
       reason text not null,
       order_id ${d.int} references legal_orders (id),
       created_by text not null,
       created_at ${d.int} not null,
       lifted_by text,
       lifted_at ${d.int}
     )`,
    `create index legal_freezes_user on legal_freezes (user_id, lifted_at)`,
    `create table legal_cancels (
       user_id ${d.int} not null references users (id),
       day text not null,
       count ${d.int} not null check (count >= 0),
       primary key (user_id, day)
     )`,
    `create table legal_images (
       upload_id text primary key references uploads (id),
       user_id ${d.int} not null references users (id),
       purpose text not null,
       created_at ${d.int} not null
     )`,
    `create table legal_messages (
       id ${d.id},
       order_id ${d.int} not null references legal_orders (id),
       user_id ${d.int} not null references users (id),
       text text not null,
       image_id text not null,
       created_at ${d.int} not null
     )`,
    `create index legal_messages_order on legal_messages (order_id, id)`,
    ...d.appendOnly('legal_events', 'legal_events is append-only'),
  ];
}
