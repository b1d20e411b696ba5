import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * Transfers between a user's own accounts. `amount` is INTEGER ledger minor units (1e-8 of the
 * coin); the ledger transaction that moved the money has ref_type `transfers` and ref_id this id.
 */
export const ASSETS_DDL: readonly string[] = [
  `create table transfers (
     id integer primary key,
     user_id integer not null references users (id),
     coin text not null,
     from_account text not null check (from_account in ('spot', 'lever', 'legal', 'second', 'finance')),
     to_account text not null check (to_account in ('spot', 'lever', 'legal', 'second', 'finance')),
     amount integer not null check (amount > 0),
     remark text not null default '',
     created_at integer not null,
     check (from_account <> to_account)
   )`,
  `create index transfers_user on transfers (user_id, id)`,
];

/**
 * Migration that creates the assets tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const assetsMigration: Migration = {
  name: '005-transfers',
  legacy: true,
  async up(db) {
    for (const stmt of ASSETS_DDL) await sql.raw(stmt).execute(db);
  },
};
