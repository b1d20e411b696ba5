import { baselinePart, type Ddl } from '../db';

/**
 * The options area's part of the baseline (legacy `012-second` as `024-second-settlements` rebuilt
 * it). The option row is written once, when accepted; its settlement is a row of its own, keyed by
 * the option (so written at most once) and final on both engines. `*_units` are ledger minor units.
 */
export const SECOND_BASELINE_DDL = (d: Ddl): string[] => [
  `create table second_options (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     symbol text not null,
     direction text not null check (direction in ('up', 'down')),
     seconds ${d.int} not null check (seconds > 0),
     coin text not null,
     stake_units ${d.int} not null check (stake_units > 0),
     payout_rate text not null,
     payout_units ${d.int} not null,
     entry_trade_id ${d.int} not null references spot_trades (id),
     entry_price text not null,
     entry_ts ${d.int} not null,
     accepted_at ${d.int} not null,
     expires_at ${d.int} not null,
     stake_tx_id ${d.int} not null,
     client_order_id text
   )`,
  `create unique index second_options_client on second_options (user_id, client_order_id)
     where client_order_id is not null`,
  `create index second_options_expiry on second_options (expires_at, id)`,
  `create index second_options_user on second_options (user_id, id)`,
  `create table second_settlements (
     option_id ${d.int} primary key references second_options (id),
     exit_trade_id ${d.int} not null references spot_trades (id),
     exit_price text not null,
     exit_ts ${d.int} not null,
     result text not null check (result in ('won', 'lost', 'equal')),
     credited_units ${d.int} not null check (credited_units >= 0),
     settled_at ${d.int} not null,
     settle_tx_id ${d.int} not null,
     rule text not null check (rule = 'expiry')
   )`,
  ...d.appendOnly('second_settlements', 'a settlement is final'),
];

/** The options area's part of the baseline step. */
export const secondBaseline = baselinePart(120, SECOND_BASELINE_DDL);
