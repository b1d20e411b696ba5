import { baselinePart } from '../../db';

/**
 * The withdrawals' part of the baseline (legacy `007-withdrawals`): bound addresses (one per user,
 * coin and chain) and withdrawals. `amount` and `fee` are ledger minor units, fee included in amount.
 */
export const withdrawalsBaseline = baselinePart(70, (d) => [
  `create table withdraw_addresses (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     coin text not null,
     chain text not null,
     address text not null,
     label text not null default '',
     created_at ${d.int} not null,
     unique (user_id, coin, chain)
   )`,
  `create table withdrawals (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     coin text not null,
     chain text not null,
     address text not null,
     amount ${d.int} not null check (amount > 0),
     fee ${d.int} not null check (fee >= 0 and fee < amount),
     status text not null check (status in ('review', 'approved', 'rejected', 'cancelled')),
     txid text,
     reason text,
     decided_by text,
     created_at ${d.int} not null,
     decided_at ${d.int},
     check (status <> 'approved' or txid is not null),
     check (status = 'review' or decided_at is not null)
   )`,
  `create index withdrawals_user on withdrawals (user_id, id)`,
  `create index withdrawals_status on withdrawals (status, id)`,
]);
