import { sql } from 'kysely';
import type { Migration } from '../../db';

/**
 * Bound withdrawal addresses and withdrawals. A user binds at most one address per coin and chain
 * (spec §5: the address used must be the bound one). `amount` and `fee` are INTEGER ledger minor
 * units (1e-8 of the coin); `amount` is what leaves the account, fee included. The ledger
 * transactions of a withdrawal have ref_type `withdrawals` and ref_id its id.
 */
export const WITHDRAWALS_DDL: readonly string[] = [
  `create table withdraw_addresses (
     id integer primary key,
     user_id integer not null references users (id),
     coin text not null,
     chain text not null,
     address text not null,
     label text not null default '',
     created_at integer not null,
     unique (user_id, coin, chain)
   )`,
  `create table withdrawals (
     id integer primary key,
     user_id integer not null references users (id),
     coin text not null,
     chain text not null,
     address text not null,
     amount integer not null check (amount > 0),
     fee integer not null check (fee >= 0 and fee < amount),
     status text not null check (status in ('review', 'approved', 'rejected', 'cancelled')),
     txid text,
     reason text,
     decided_by text,
     created_at integer not null,
     decided_at integer,
     check (status <> 'approved' or txid is not null),
     check (status = 'review' or decided_at is not null)
   )`,
  `create index withdrawals_user on withdrawals (user_id, id)`,
  `create index withdrawals_status on withdrawals (status, id)`,
];

/**
 * Migration that creates the withdrawal tables.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const withdrawalsMigration: Migration = {
  name: '007-withdrawals',
  legacy: true,
  async up(db) {
    for (const stmt of WITHDRAWALS_DDL) await sql.raw(stmt).execute(db);
  },
};
