import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * Settlements move out of the option row into an append-only table of their own. Settling was an
 * UPDATE that grew every option row in place and moved it in the open-options index (about 12 µs an
 * option); appending a settlement row with multi-row INSERTs costs about 2.6 µs
 * (bench/second.bench.ts). The option row is now written once, when accepted, and never changed
 * except for the id of the ledger transaction that froze its stake.
 *
 * An option is open exactly while it has no settlement row. The settlement's primary key is the
 * option id, so a second settlement of one option cannot be written (exactly once), and triggers
 * refuse any UPDATE or DELETE of a settlement, as they do for the journal. The receipt is no longer
 * stored as JSON: every number in it is a column here or on the option row (entry and exit trades,
 * the rule, the amounts, the ledger transaction), and the API builds it from them.
 */
export const SECOND_SETTLEMENT_DDL: readonly string[] = [
  // Settled options' results, kept aside while the option table is rebuilt without them.
  `create temp table second_settled_copy as
     select id as option_id, exit_trade_id, exit_price, exit_ts, result, credited_units, settled_at,
       settle_tx_id
     from second_options where status = 'settled'`,
  `create table second_options_accepted (
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
     stake_tx_id integer not null,
     client_order_id text
   )`,
  `insert into second_options_accepted
     select id, user_id, symbol, direction, seconds, coin, stake_units, payout_rate, payout_units,
       entry_trade_id, entry_price, entry_ts, accepted_at, expires_at, stake_tx_id, client_order_id
     from second_options`,
  `drop table second_options`,
  `alter table second_options_accepted rename to second_options`,
  `create unique index second_options_client on second_options (user_id, client_order_id)
     where client_order_id is not null`,
  `create index second_options_expiry on second_options (expires_at, id)`,
  `create index second_options_user on second_options (user_id, id)`,
  `create table second_settlements (
     option_id integer primary key references second_options (id),
     exit_trade_id integer not null references spot_trades (id),
     exit_price text not null,
     exit_ts integer not null,
     result text not null check (result in ('won', 'lost', 'equal')),
     credited_units integer not null check (credited_units >= 0),
     settled_at integer not null,
     settle_tx_id integer not null,
     rule text not null check (rule = 'expiry')
   )`,
  `insert into second_settlements
     select option_id, exit_trade_id, exit_price, exit_ts, result, credited_units, settled_at,
       settle_tx_id, 'expiry'
     from temp.second_settled_copy order by option_id`,
  `drop table temp.second_settled_copy`,
  `create trigger second_settlements_no_update before update on second_settlements
     begin select raise(abort, 'a settlement is final'); end`,
  `create trigger second_settlements_no_delete before delete on second_settlements
     begin select raise(abort, 'a settlement is final'); end`,
];

/**
 * Migration that moves option settlements into `second_settlements`.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const secondSettlementMigration: Migration = {
  name: '024-second-settlements',
  legacy: true,
  async up(db) {
    for (const stmt of SECOND_SETTLEMENT_DDL) await sql.raw(stmt).execute(db);
  },
};
