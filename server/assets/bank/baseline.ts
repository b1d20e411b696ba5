import { baselinePart } from '../../db';

/**
 * The bank-card area's part of the baseline (legacy `008-bank`, without `uploads`, which the uploads
 * core now carries). `amount` is integer cents of `currency`; `credit` is ledger minor units of
 * `coin`, fixed with `rate` when the deposit is made. A proof backs one deposit only.
 */
export const bankBaseline = baselinePart(80, (d) => [
  `create table bank_cards (
     user_id ${d.int} primary key references users (id),
     bank text not null,
     branch text not null,
     card_number text not null,
     holder text not null,
     updated_at ${d.int} not null
   )`,
  `create table bank_deposits (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     amount ${d.int} not null check (amount > 0),
     currency text not null,
     coin text not null,
     credit ${d.int} not null check (credit > 0),
     rate text not null,
     payer_name text not null,
     reference text not null,
     proof_id text not null unique references uploads (id),
     card_bank text not null,
     card_number text not null,
     status text not null check (status in ('review', 'confirmed', 'rejected')),
     reason text,
     decided_by text,
     created_at ${d.int} not null,
     decided_at ${d.int},
     check ((status = 'review') = (decided_at is null))
   )`,
  `create index bank_deposits_user on bank_deposits (user_id, id)`,
  `create index bank_deposits_status on bank_deposits (status, id)`,
]);
