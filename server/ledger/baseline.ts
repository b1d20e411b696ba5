import { baselinePart } from '../db';

/**
 * The ledger's part of the baseline (legacy `002-ledger` with the lean journal index of
 * `010-lean-indexes`). Amounts are integer minor units (1e-8 of a coin). Only system holders
 * (user ids below 1) may go negative. The journal is append-only on both engines.
 */
export const ledgerBaseline = baselinePart(20, (d) => [
  `create table ledger_tx (
     id ${d.id},
     kind text not null,
     ref_type text not null,
     ref_id text not null,
     actor text not null,
     memo text,
     created_at ${d.int} not null
   )`,
  `create index ledger_tx_ref on ledger_tx (ref_type, ref_id)`,
  `create table balances (
     user_id ${d.int} not null,
     account text not null check (account in ('spot', 'lever', 'legal', 'second', 'finance')),
     coin text not null,
     available ${d.int} not null default 0,
     frozen ${d.int} not null default 0,
     check (user_id < 1 or (available >= 0 and frozen >= 0)),
     primary key (user_id, account, coin)
   )${d.withoutRowid}`,
  `create table journal (
     id ${d.id},
     tx_id ${d.int} not null references ledger_tx (id),
     user_id ${d.int} not null,
     account text not null,
     coin text not null,
     field text not null check (field in ('available', 'frozen')),
     delta ${d.int} not null,
     balance_after ${d.int} not null,
     created_at ${d.int} not null
   )`,
  `create index journal_user on journal (user_id, id)`,
  ...d.appendOnly('journal', 'journal is append-only'),
]);
