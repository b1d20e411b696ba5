import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * Spot orders and trades. Prices are integer ticks and quantities integer lots of the pair; money
 * columns (`*_units`) are ledger minor units (1e-8 of the coin).
 */
export const SPOT_DDL: readonly string[] = [
  `create table spot_orders (
     id integer primary key,
     user_id integer not null references users (id),
     symbol text not null,
     side text not null check (side in ('buy', 'sell')),
     type text not null check (type in ('limit', 'market')),
     price_ticks integer,
     lots integer,
     budget_units integer,
     filled_lots integer not null default 0,
     filled_quote_units integer not null default 0,
     fee_units integer not null default 0,
     frozen_units integer not null default 0 check (frozen_units >= 0),
     status text not null check (status in ('open', 'filled', 'cancelled')),
     reason text,
     client_order_id text,
     seq integer not null default 0,
     created_at integer not null,
     updated_at integer not null
   )`,
  `create unique index spot_orders_client on spot_orders (user_id, client_order_id) where client_order_id is not null`,
  `create index spot_orders_open on spot_orders (symbol, status, seq)`,
  `create index spot_orders_user on spot_orders (user_id, status, id)`,
  `create table spot_trades (
     id integer primary key,
     symbol text not null,
     price_ticks integer not null,
     lots integer not null,
     quote_units integer not null,
     taker_side text not null check (taker_side in ('buy', 'sell')),
     maker_order_id integer not null,
     taker_order_id integer not null,
     maker_user_id integer not null,
     taker_user_id integer not null,
     maker_fee_units integer not null,
     taker_fee_units integer not null,
     ts integer not null
   )`,
  `create index spot_trades_symbol on spot_trades (symbol, id)`,
  `create index spot_trades_maker on spot_trades (maker_user_id, id)`,
  `create index spot_trades_taker on spot_trades (taker_user_id, id)`,
];

/**
 * Migration that creates the spot tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const spotMigration: Migration = {
  name: '003-spot',
  legacy: true,
  async up(db) {
    for (const stmt of SPOT_DDL) await sql.raw(stmt).execute(db);
  },
};
