import { baselinePart } from '../../db';

/**
 * The deposits' part of the baseline (legacy `006-deposits`, part 0): deposit addresses and crypto
 * deposits. `amount` is ledger minor units; a deposit is `pending`, then `credited`, then `final`.
 */
export const depositsBaseline = baselinePart(60, (d) => [
  `create table deposit_addresses (
     user_id ${d.int} not null references users (id),
     chain text not null,
     address text not null unique,
     created_at ${d.int} not null,
     primary key (user_id, chain)
   )`,
  `create table crypto_deposits (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     coin text not null,
     chain text not null,
     address text not null,
     txid text not null,
     vout ${d.int} not null default 0,
     amount ${d.int} not null check (amount > 0),
     block_height ${d.int},
     confirmations ${d.int} not null default 0 check (confirmations >= 0),
     status text not null check (status in ('pending', 'credited', 'final')),
     created_at ${d.int} not null,
     credited_at ${d.int},
     final_at ${d.int},
     unique (chain, txid, vout)
   )`,
  `create index crypto_deposits_user on crypto_deposits (user_id, id)`,
  `create index crypto_deposits_open on crypto_deposits (chain, status) where status <> 'final'`,
]);
