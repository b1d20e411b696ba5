import { sql } from 'kysely';
import type { Migration } from '../db';

/**
 * The simulated chain's own state (demo mode only, server/sim/sim-chain.ts): the secret its addresses
 * derive from, each chain's height and its transactions, so addresses, heights and unmined transfers
 * survive a restart. A real chain adapter keeps none of this here. The tables are created in the
 * deposits step (`006-deposits`), right after the deposit tables, as they were when that step
 * shipped: the simulator carries them as the step's second part (`simChainMigration`).
 */
export const SIM_CHAIN_DDL: readonly string[] = [
  `create table sim_chain_meta (
     key text primary key,
     value text not null
   )`,
  `create table sim_chain_heights (
     chain text primary key,
     height integer not null check (height >= 0)
   )`,
  `create table sim_chain_txs (
     chain text not null,
     txid text not null,
     vout integer not null,
     coin text not null,
     address text not null,
     amount integer not null check (amount > 0),
     block_height integer,
     created_at integer not null,
     primary key (chain, txid, vout)
   )`,
  `create index sim_chain_txs_block on sim_chain_txs (chain, block_height)`,
];

/**
 * The simulated chain's part of `006-deposits`: applied with the deposit tables, after them.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const simChainMigration: Migration = {
  name: '006-deposits',
  legacy: true,
  part: 1,
  async up(db) {
    for (const stmt of SIM_CHAIN_DDL) await sql.raw(stmt).execute(db);
  },
};

/**
 * Gives the simulated chain's transactions an `id`, the order they were sent in: the simulator
 * ordered a block's transfers by SQLite's implicit `rowid`, which PostgreSQL does not have. The id
 * becomes the rowid (`integer primary key`), so every existing row keeps its place; (chain, txid,
 * vout) stays unique.
 * LEGACY, SQLite upgrade path only: a fresh database of either engine gets the baseline instead.
 */
export const simChainOrderMigration: Migration = {
  name: '026-sim-chain-order',
  legacy: true,
  async up(db) {
    for (const stmt of [
      `create table sim_chain_txs_ordered (
         id integer primary key,
         chain text not null,
         txid text not null,
         vout integer not null,
         coin text not null,
         address text not null,
         amount integer not null check (amount > 0),
         block_height integer,
         created_at integer not null,
         unique (chain, txid, vout)
       )`,
      `insert into sim_chain_txs_ordered
         (id, chain, txid, vout, coin, address, amount, block_height, created_at)
       select rowid, chain, txid, vout, coin, address, amount, block_height, created_at
       from sim_chain_txs order by rowid`,
      `drop table sim_chain_txs`,
      `alter table sim_chain_txs_ordered rename to sim_chain_txs`,
      `create index sim_chain_txs_block on sim_chain_txs (chain, block_height)`,
    ]) {
      await sql.raw(stmt).execute(db);
    }
  },
};
