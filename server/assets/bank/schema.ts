import { sql } from 'kysely';
import type { Migration } from '../../db';
import { UPLOADS_DDL, type UploadClaim } from '../../shared/uploads';

/**
 * Bank cards, proof uploads and bank-card deposits.
 *
 * - `bank_cards`: at most one bound card per user; binding again replaces it.
 * - `uploads` (the shared uploads' table, server/shared/uploads/schema.ts, created here between the
 *   two as when this migration shipped): proof images.
 * - `bank_deposits`: `amount` is INTEGER cents of `currency` (2 decimals); `credit` is INTEGER ledger
 *   minor units (1e-8 of `coin`), fixed with `rate` when the deposit is made. The card's bank and
 *   number are copied in, so replacing the card later does not rewrite history. A proof backs one
 *   deposit only. On confirmation the ledger transaction has ref_type `bank_deposits` and ref_id this id.
 */
export const BANK_DDL: readonly string[] = [
  `create table bank_cards (
     user_id integer primary key references users (id),
     bank text not null,
     branch text not null,
     card_number text not null,
     holder text not null,
     updated_at integer not null
   )`,
  ...UPLOADS_DDL,
  `create table bank_deposits (
     id integer primary key,
     user_id integer not null references users (id),
     amount integer not null check (amount > 0),
     currency text not null,
     coin text not null,
     credit integer not null check (credit > 0),
     rate text not null,
     payer_name text not null,
     reference text not null,
     proof_id text not null unique references uploads (id),
     card_bank text not null,
     card_number text not null,
     status text not null check (status in ('review', 'confirmed', 'rejected')),
     reason text,
     decided_by text,
     created_at integer not null,
     decided_at integer,
     check ((status = 'review') = (decided_at is null))
   )`,
  `create index bank_deposits_user on bank_deposits (user_id, id)`,
  `create index bank_deposits_status on bank_deposits (status, id)`,
];

/** The uploads a bank-card deposit keeps: its proof image. */
export const BANK_UPLOAD_CLAIMS: readonly UploadClaim[] = [{ table: 'bank_deposits', column: 'proof_id' }];

/**
 * Migration that creates the bank-card tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const bankMigration: Migration = {
  name: '008-bank',
  legacy: true,
  async up(db) {
    for (const stmt of BANK_DDL) await sql.raw(stmt).execute(db);
  },
};
