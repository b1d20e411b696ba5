import { baselinePart } from '../db';

/**
 * The transfers' part of the baseline (legacy `005-transfers`). `amount` is ledger minor units; the
 * ledger transaction that moved the money has ref_type `transfers` and ref_id this id.
 */
export const transfersBaseline = baselinePart(50, (d) => [
  `create table transfers (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     coin text not null,
     from_account text not null check (from_account in ('spot', 'lever', 'legal', 'second', 'finance')),
     to_account text not null check (to_account in ('spot', 'lever', 'legal', 'second', 'finance')),
     amount ${d.int} not null check (amount > 0),
     remark text not null default '',
     created_at ${d.int} not null,
     check (from_account <> to_account)
   )`,
  `create index transfers_user on transfers (user_id, id)`,
]);
