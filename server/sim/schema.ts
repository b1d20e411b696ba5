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

