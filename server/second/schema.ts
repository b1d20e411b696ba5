import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * Timed options. Money columns (`*_units`) are ledger minor units (1e-8 of the stake coin). The
 * entry and exit columns name the `spot_trades` rows the published rule used (domain/second-rules.ts);
 * the result is written once, by settlement, from those two prices and the direction. There is no
 * column that presets, forces or overrides a result.
 */
export const SECOND_DDL: readonly string[] = [
  `create table second_options (
     id integer primary key,
     user_id integer not null references users (id),
     symbol text not null,
     direction text not null check (direction in ('up', 'down')),
     seconds integer not null check (seconds > 0),
     coin text not null,
     stake_units integer not null check (stake_units > 0),
     payout_rate text not null,
     payout_units integer not null,
     entry_trade_id integer not null references spot_trades (id),
     entry_price text not null,
     entry_ts integer not null,
     accepted_at integer not null,
     expires_at integer not null,
     status text not null check (status in ('open', 'settled')),
     exit_trade_id integer references spot_trades (id),
     exit_price text,
     exit_ts integer,
     result text check (result in ('won', 'lost', 'equal')),
     credited_units integer,
     settled_at integer,
     stake_tx_id integer not null,
     settle_tx_id integer,
     receipt text,
     client_order_id text,
     check ((status = 'open') = (result is null))
   )`,
  `create unique index second_options_client on second_options (user_id, client_order_id)
     where client_order_id is not null`,
  `create index second_options_open on second_options (status, expires_at, id)`,
  `create index second_options_user on second_options (user_id, id)`,
  // The exit trade of an option (the last trade at or before its expiry) by one index seek: without
  // it the lookup walks back over every trade made since the expiry (see bench/second.bench.ts).
  `create index spot_trades_symbol_ts on spot_trades (symbol, ts)`,
];

/**
 * Migration that creates the timed-option table.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const secondMigration: Migration = {
  name: '012-second',
  legacy: true,
  async up(db) {
    for (const stmt of SECOND_DDL) await sql.raw(stmt).execute(db);
  },
};
