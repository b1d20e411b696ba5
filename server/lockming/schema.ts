import { sql } from 'kysely';
import { ddlFor, type Ddl, type Migration } from '../db';

/**
 * The lock-up and deposit savings tables (`lockming`), on either engine. Money is integer ledger
 * units (1e-8); times epoch ms; rates decimal strings per day.
 *
 * - `lockming_products`: what operators publish. A product may be edited only before `opens_at`
 *   (the ops route checks it in the command that writes); nothing sets a rate after that.
 * - `lockming_positions`: one lock, written once with the rate, daily interest, payout count and
 *   maturity it promised (only its lock transaction id is filled in after the insert).
 * - `lockming_payouts`: the receipts of daily interest, one per position and day (the key makes a
 *   second payment of a day impossible), the last one at maturity; append-only.
 * - `lockming_endings`: how a position ended (maturity or early redemption), at most one per
 *   position; append-only. A position is locking exactly while it has none.
 */
export const LOCKMING_DDL = (d: Ddl): string[] => [
  `create table lockming_products (
     id ${d.id},
     kind text not null check (kind in ('lock', 'savings')),
     coin text not null,
     name text not null,
     days ${d.int} check (days is null or days > 0),
     daily_rate text not null,
     min_units ${d.int} not null check (min_units > 0),
     total_units ${d.int} check (total_units is null or total_units >= min_units),
     early_redeem ${d.int} not null check (early_redeem in (0, 1)),
     opens_at ${d.int} not null,
     closes_at ${d.int},
     created_by text not null,
     created_at ${d.int} not null,
     updated_at ${d.int} not null,
     check ((kind = 'lock' and days is not null) or (kind = 'savings' and days is null and closes_at is not null))
   )`,
  `create table lockming_positions (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     product_id ${d.int} not null references lockming_products (id),
     coin text not null,
     principal_units ${d.int} not null check (principal_units > 0),
     daily_rate text not null,
     daily_units ${d.int} not null check (daily_units >= 0),
     days ${d.int} not null check (days > 0),
     locked_at ${d.int} not null,
     matures_at ${d.int} not null,
     lock_tx_id ${d.int} not null
   )`,
  `create index lockming_positions_user on lockming_positions (user_id, id)`,
  `create index lockming_positions_product on lockming_positions (product_id)`,
  `create table lockming_payouts (
     position_id ${d.int} not null references lockming_positions (id),
     day ${d.int} not null check (day > 0),
     at ${d.int} not null,
     rule text not null check (rule in ('interest', 'maturity')),
     principal_units ${d.int} not null,
     daily_rate text not null,
     amount_units ${d.int} not null check (amount_units >= 0),
     tx_id ${d.int} not null,
     primary key (position_id, day)
   )`,
  `create index lockming_payouts_at on lockming_payouts (at)`,
  ...d.appendOnly('lockming_payouts', 'a payout is final'),
  `create table lockming_endings (
     position_id ${d.int} primary key references lockming_positions (id),
     rule text not null check (rule in ('maturity', 'redeem')),
     at ${d.int} not null,
     returned_units ${d.int} not null check (returned_units >= 0),
     forfeited_units ${d.int} not null check (forfeited_units >= 0),
     released_units ${d.int} not null check (released_units >= 0),
     tx_id ${d.int} not null
   )`,
  ...d.appendOnly('lockming_endings', 'an ending is final'),
];

/** Step `102-lockming`: the area's tables, after the baseline, on both engines. */
export const lockmingMigration: Migration = {
  name: '102-lockming',
  async up(db, engine) {
    for (const stmt of LOCKMING_DDL(ddlFor(engine))) await sql.raw(stmt).execute(db);
  },
};
