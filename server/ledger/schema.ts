import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * Ledger tables. Amounts are INTEGER minor units (1e-8 of a coin, see UNIT_DECIMALS), read as BigInt.
 * System holders (the house, the outside world) have user ids below 1; only those may go negative,
 * because they stand for money outside the exchange's users (deposits in flight, demo grants).
 */
export const LEDGER_DDL: readonly string[] = [
  `create table ledger_tx (
     id integer primary key,
     kind text not null,
     ref_type text not null,
     ref_id text not null,
     actor text not null,
     memo text,
     created_at integer not null
   )`,
  `create index ledger_tx_ref on ledger_tx (ref_type, ref_id)`,
  `create table balances (
     user_id integer not null,
     account text not null check (account in ('spot', 'lever', 'legal', 'second', 'finance')),
     coin text not null,
     available integer not null default 0,
     frozen integer not null default 0,
     check (user_id < 1 or (available >= 0 and frozen >= 0)),
     primary key (user_id, account, coin)
   ) without rowid`,
  `create table journal (
     id integer primary key,
     tx_id integer not null references ledger_tx (id),
     user_id integer not null,
     account text not null,
     coin text not null,
     field text not null check (field in ('available', 'frozen')),
     delta integer not null,
     balance_after integer not null,
     created_at integer not null
   )`,
  `create index journal_holder on journal (user_id, account, coin, id)`,
  `create trigger journal_no_update before update on journal begin select raise(abort, 'journal is append-only'); end`,
  `create trigger journal_no_delete before delete on journal begin select raise(abort, 'journal is append-only'); end`,
];

/**
 * Migration that creates the ledger tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const ledgerMigration: Migration = {
  name: '002-ledger',
  legacy: true,
  async up(db) {
    for (const stmt of LEDGER_DDL) await sql.raw(stmt).execute(db);
  },
};
