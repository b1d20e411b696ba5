export { journalSums, ledgerViolations } from './invariants';
export { hasTxFor, hasTxOfKind, JournalStore, type JournalQuery } from './journal-store';
export {
  HOUSE_USER_ID,
  InsufficientBalanceError,
  WORLD_USER_ID,
  type Balance,
  type Holder,
  type Posting,
  type TxMeta,
} from './ledger-types';
export { Ledger, type BalanceAuthority } from './ledger';
export { ledgerBaseline } from './baseline';
export { LEDGER_DDL, ledgerMigration } from './schema';
export { PostingNet } from './netting';
