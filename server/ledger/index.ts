export { BulkInsert } from './bulk-insert';
export { ledgerViolations } from './invariants';
export { hasTxFor, hasTxOfKind, JournalStore, type JournalQuery } from './journal-store';
export {
  HOUSE_USER_ID,
  InsufficientBalanceError,
  Ledger,
  WORLD_USER_ID,
  type Balance,
  type Holder,
  type Posting,
  type TxMeta,
} from './ledger';
export { ledgerBaseline } from './baseline';
export { LEDGER_DDL, ledgerMigration } from './schema';
export { PostingNet } from './netting';
export { WriterLedger, type BalanceAuthority } from './writer-ledger';
