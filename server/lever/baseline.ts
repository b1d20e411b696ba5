import { baselinePart } from '../db';

/**
 * The lever area's part of the baseline (legacy `011-lever`, and `025-lever-overnight-days`, which
 * keyed the overnight-fee runs by their UTC day). Prices are integer ticks of the spot pair; money
 * columns (`*_units`) are ledger minor units of the margin coin.
 */
export const leverBaseline = baselinePart(110, (d) => [
  `create table lever_orders (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     symbol text not null,
     side text not null check (side in ('long', 'short')),
     type text not null check (type in ('market', 'limit')),
     status text not null check (status in ('entrusting', 'trading', 'closing', 'closed', 'cancelled')),
     multiple ${d.int} not null check (multiple >= 1),
     hands ${d.int} not null check (hands >= 1),
     lot text not null,
     coin text not null,
     limit_ticks ${d.int},
     open_ticks ${d.int},
     open_trade_id ${d.int},
     margin_units ${d.int} not null check (margin_units >= 0),
     open_fee_units ${d.int} not null check (open_fee_units >= 0),
     close_fee_units ${d.int} not null default 0,
     overnight_units ${d.int} not null default 0,
     tp_ticks ${d.int},
     sl_ticks ${d.int},
     liq_ticks ${d.int},
     close_ticks ${d.int},
     close_trade_id ${d.int},
     close_rule text,
     pnl_units ${d.int},
     receipt text,
     created_at ${d.int} not null,
     opened_at ${d.int},
     closed_at ${d.int},
     updated_at ${d.int} not null
   )`,
  `create index lever_orders_user on lever_orders (user_id, id)`,
  `create index lever_orders_live on lever_orders (status, symbol) where status in ('entrusting', 'trading')`,
  `create table lever_receipts (
     id ${d.id},
     order_id ${d.int} not null references lever_orders (id),
     rule text not null,
     receipt text not null,
     created_at ${d.int} not null
   )`,
  `create index lever_receipts_order on lever_receipts (order_id, id)`,
  `create table lever_cursor (
     symbol text primary key,
     trade_id ${d.int} not null
   )`,
  `create table lever_overnight_runs (
     day text primary key check (${d.isDay('day')}),
     at ${d.int} not null,
     positions ${d.int} not null,
     ran_at ${d.int} not null
   )`,
]);
