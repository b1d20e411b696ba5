import { baselinePart } from '../db';

/**
 * The spot area's part of the baseline (legacy `003-spot`, the lean order indexes of
 * `010-lean-indexes`, and the trades' `(symbol, ts)` index that `012-second` added for the options'
 * exit lookup). Prices are integer ticks, quantities integer lots; `*_units` are ledger minor units.
 */
export const spotBaseline = baselinePart(30, (d) => [
  `create table spot_orders (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     symbol text not null,
     side text not null check (side in ('buy', 'sell')),
     type text not null check (type in ('limit', 'market')),
     price_ticks ${d.int},
     lots ${d.int},
     budget_units ${d.int},
     filled_lots ${d.int} not null default 0,
     filled_quote_units ${d.int} not null default 0,
     fee_units ${d.int} not null default 0,
     frozen_units ${d.int} not null default 0 check (frozen_units >= 0),
     status text not null check (status in ('open', 'filled', 'cancelled')),
     reason text,
     client_order_id text,
     seq ${d.int} not null default 0,
     created_at ${d.int} not null,
     updated_at ${d.int} not null
   )`,
  `create unique index spot_orders_client on spot_orders (user_id, client_order_id)
     where client_order_id is not null`,
  `create index spot_orders_open on spot_orders (symbol, seq) where status = 'open'`,
  `create index spot_orders_user on spot_orders (user_id, id)`,
  `create table spot_trades (
     id ${d.id},
     symbol text not null,
     price_ticks ${d.int} not null,
     lots ${d.int} not null,
     quote_units ${d.int} not null,
     taker_side text not null check (taker_side in ('buy', 'sell')),
     maker_order_id ${d.int} not null,
     taker_order_id ${d.int} not null,
     maker_user_id ${d.int} not null,
     taker_user_id ${d.int} not null,
     maker_fee_units ${d.int} not null,
     taker_fee_units ${d.int} not null,
     ts ${d.int} not null
   )`,
  `create index spot_trades_symbol on spot_trades (symbol, id)`,
  `create index spot_trades_maker on spot_trades (maker_user_id, id)`,
  `create index spot_trades_taker on spot_trades (taker_user_id, id)`,
  // The exit trade of an option (the last trade at or before its expiry) by one index seek.
  `create index spot_trades_symbol_ts on spot_trades (symbol, ts)`,
]);
