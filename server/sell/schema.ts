import { sql } from 'kysely';
import { ddlFor, type Ddl, type Migration } from '../db';

/**
 * Quick sell (issue 25). `sell_quotes`: what the server quoted from the book, valid until
 * `expires_at`, used at most once (`open` → `used`, or `replaced` by the user's next quote).
 * `sell_receipts`: one row per executed sell, written in the same transaction as its spot order,
 * trades and ledger transaction, and final. `*_units` are ledger minor units (1e-8) of the quote coin.
 * The spot order and ledger transaction are named by id (the spot area's tables are its own).
 */
export const SELL_DDL = (d: Ddl): string[] => [
  `create table sell_quotes (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     symbol text not null,
     coin text not null,
     lots ${d.int} not null check (lots > 0),
     qty text not null,
     gross_units ${d.int} not null check (gross_units > 0),
     fee_units ${d.int} not null check (fee_units >= 0),
     received_units ${d.int} not null check (received_units >= 0),
     avg_price text not null,
     worst_ticks ${d.int} not null check (worst_ticks > 0),
     worst_price text not null,
     created_at ${d.int} not null,
     expires_at ${d.int} not null,
     status text not null check (status in ('open', 'used', 'replaced'))
   )`,
  `create index sell_quotes_open on sell_quotes (user_id, status)`,
  `create table sell_receipts (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     quote_id ${d.int} not null unique references sell_quotes (id),
     symbol text not null,
     coin text not null,
     lots ${d.int} not null check (lots > 0),
     qty text not null,
     slippage text not null,
     floor_ticks ${d.int} not null check (floor_ticks > 0),
     floor_price text not null,
     order_id ${d.int} not null unique,
     gross_units ${d.int} not null,
     fee_units ${d.int} not null,
     received_units ${d.int} not null,
     avg_price text not null,
     fills text not null,
     ledger_tx_id ${d.int} not null,
     created_at ${d.int} not null
   )`,
  `create index sell_receipts_user on sell_receipts (user_id, id)`,
  ...d.appendOnly('sell_receipts', 'a quick-sell receipt is final'),
];

/** The quick-sell tables: a step after the baseline, on both engines. */
export const sellMigration: Migration = {
  name: '103-sell',
  async up(db, engine) {
    for (const stmt of SELL_DDL(ddlFor(engine))) await sql.raw(stmt).execute(db);
  },
};
