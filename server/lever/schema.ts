import { sql } from 'kysely';
import type { Migration } from '../db/migrate';

/**
 * Contract orders and positions (one row per order: entrusting → trading → closed, or cancelled),
 * the receipts of every settlement event, the last spot trade evaluated per market (catch-up after
 * a restart) and the overnight-fee runs. Prices are integer ticks of the spot pair; money columns
 * (`*_units`) are ledger minor units (1e-8) of the margin coin.
 */
export const LEVER_DDL: readonly string[] = [
  `create table lever_orders (
     id integer primary key,
     user_id integer not null references users (id),
     symbol text not null,
     side text not null check (side in ('long', 'short')),
     type text not null check (type in ('market', 'limit')),
     status text not null check (status in ('entrusting', 'trading', 'closing', 'closed', 'cancelled')),
     multiple integer not null check (multiple >= 1),
     hands integer not null check (hands >= 1),
     lot text not null,
     coin text not null,
     limit_ticks integer,
     open_ticks integer,
     open_trade_id integer,
     margin_units integer not null check (margin_units >= 0),
     open_fee_units integer not null check (open_fee_units >= 0),
     close_fee_units integer not null default 0,
     overnight_units integer not null default 0,
     tp_ticks integer,
     sl_ticks integer,
     liq_ticks integer,
     close_ticks integer,
     close_trade_id integer,
     close_rule text,
     pnl_units integer,
     receipt text,
     created_at integer not null,
     opened_at integer,
     closed_at integer,
     updated_at integer not null
   )`,
  `create index lever_orders_user on lever_orders (user_id, id)`,
  `create index lever_orders_live on lever_orders (status, symbol) where status in ('entrusting', 'trading')`,
  `create table lever_receipts (
     id integer primary key,
     order_id integer not null references lever_orders (id),
     rule text not null,
     receipt text not null,
     created_at integer not null
   )`,
  `create index lever_receipts_order on lever_receipts (order_id, id)`,
  `create table lever_cursor (
     symbol text primary key,
     trade_id integer not null
   )`,
  `create table lever_overnight_runs (
     at integer primary key,
     positions integer not null,
     ran_at integer not null
   )`,
];

/** Migration that creates the lever tables. */
export const leverMigration: Migration = {
  name: '011-lever',
  async up(db) {
    for (const stmt of LEVER_DDL) await sql.raw(stmt).execute(db);
  },
};
