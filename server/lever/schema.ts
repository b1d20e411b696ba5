import { sql } from 'kysely';
import type { Migration } from '../db';

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

/**
 * Migration that creates the lever tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const leverMigration: Migration = {
  name: '011-lever',
  legacy: true,
  async up(db) {
    for (const stmt of LEVER_DDL) await sql.raw(stmt).execute(db);
  },
};

/**
 * Overnight-fee runs keyed by their UTC fee day (`YYYY-MM-DD`, see `feeDay` in overnight.ts) instead
 * of their instant: keyed by the instant, a restart with a later `overnightAtUtc` the same day found
 * no run at the new instant and charged every open position again. `at` stays as the instant the
 * day was charged for (positions opened after it were not charged). Days that were run more than once
 * keep their first run; the extra charges stay in the receipts and the journal.
 */
export const LEVER_OVERNIGHT_DAYS_DDL: readonly string[] = [
  `create table lever_overnight_days (
     day text primary key check (day glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
     at integer not null,
     positions integer not null,
     ran_at integer not null
   )`,
  // With min(), SQLite takes the bare columns from the row holding the minimum: the day's first run.
  `insert into lever_overnight_days (day, at, positions, ran_at)
     select date(at / 1000, 'unixepoch'), min(at), positions, ran_at
     from lever_overnight_runs group by date(at / 1000, 'unixepoch')`,
  `drop table lever_overnight_runs`,
  `alter table lever_overnight_days rename to lever_overnight_runs`,
];

/**
 * Migration that keys the overnight-fee runs by UTC day.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const leverOvernightDaysMigration: Migration = {
  name: '025-lever-overnight-days',
  legacy: true,
  async up(db) {
    for (const stmt of LEVER_OVERNIGHT_DAYS_DDL) await sql.raw(stmt).execute(db);
  },
};
