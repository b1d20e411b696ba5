import { baselinePart } from '../db';

/**
 * The simulated chain's part of the baseline (legacy `006-deposits` part 1, and `026-sim-chain-order`
 * which gave the transactions their `id`): the address secret, each chain's height and the
 * transactions. `id` is the order the transfers were sent in, which orders a block's transfers on
 * both engines (PostgreSQL has no rowid).
 */
export const simChainBaseline = baselinePart(65, (d) => [
  `create table sim_chain_meta (
     key text primary key,
     value text not null
   )`,
  `create table sim_chain_heights (
     chain text primary key,
     height ${d.int} not null check (height >= 0)
   )`,
  `create table sim_chain_txs (
     id ${d.id},
     chain text not null,
     txid text not null,
     vout ${d.int} not null,
     coin text not null,
     address text not null,
     amount ${d.int} not null check (amount > 0),
     block_height ${d.int},
     created_at ${d.int} not null,
     unique (chain, txid, vout)
   )`,
  `create index sim_chain_txs_block on sim_chain_txs (chain, block_height)`,
]);
