import { sql } from 'kysely';
import type { Migration } from '../../db';

/**
 * Deposit addresses and crypto deposits (the simulated chain's own tables are the simulator's:
 * server/sim/schema.ts). An address belongs to a user on a chain (every coin of that chain arrives at
 * it, as on real networks). `amount` is INTEGER ledger minor units (1e-8 of the
 * coin). A deposit is `pending` until its block has CREDIT_CONFIRMATIONS, `credited` (money in the
 * spot account, ledger ref `crypto_deposits` / id) until WITHDRAWABLE_CONFIRMATIONS, then `final`.
 */
export const DEPOSITS_DDL: readonly string[] = [
  `create table deposit_addresses (
     user_id integer not null references users (id),
     chain text not null,
     address text not null unique,
     created_at integer not null,
     primary key (user_id, chain)
   )`,
  `create table crypto_deposits (
     id integer primary key,
     user_id integer not null references users (id),
     coin text not null,
     chain text not null,
     address text not null,
     txid text not null,
     vout integer not null default 0,
     amount integer not null check (amount > 0),
     block_height integer,
     confirmations integer not null default 0 check (confirmations >= 0),
     status text not null check (status in ('pending', 'credited', 'final')),
     created_at integer not null,
     credited_at integer,
     final_at integer,
     unique (chain, txid, vout)
   )`,
  `create index crypto_deposits_user on crypto_deposits (user_id, id)`,
  `create index crypto_deposits_open on crypto_deposits (chain, status) where status <> 'final'`,
];

/**
 * Migration that creates the deposit tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const depositsMigration: Migration = {
  name: '006-deposits',
  legacy: true,
  async up(db) {
    for (const stmt of DEPOSITS_DDL) await sql.raw(stmt).execute(db);
  },
};
