import type { AccountType, LedgerKind } from '../../domain';

/** Who holds a balance: a user (or a system holder below 1), one of the five accounts, one coin. */
export interface Holder {
  userId: number;
  account: AccountType;
  coin: string;
}

/** One line of a ledger transaction: a signed change, in minor units (1e-8), of one field. */
export interface Posting extends Holder {
  field: 'available' | 'frozen';
  delta: bigint;
}

/** What caused a ledger transaction; kept with it forever. */
export interface TxMeta {
  /**
   * Business kind, such as `spot.freeze`, `deposit.crypto`, `transfer`: one of JOURNAL_KINDS, so a
   * kind the pages cannot name does not compile.
   */
  kind: LedgerKind;
  /** The business row's table and id, such as `orders` / `42`. */
  refType: string;
  refId: string;
  /** `user:<id>`, `operator:<name>`, `system`, `engine` … */
  actor: string;
  memo?: string;
}

/** A balance in minor units (1e-8). */
export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** User id of the house account, which receives fees. */
export const HOUSE_USER_ID = 0;
/** User id standing for the world outside the exchange (chain deposits, bank transfers, demo grants). */
export const WORLD_USER_ID = -1;

/** Raised when a posting would make a user's balance negative; nothing of the transaction is kept. */
export class InsufficientBalanceError extends Error {
  readonly key = 'insufficientBalance';
  constructor(readonly holder: Holder) {
    super(`insufficient balance: user ${holder.userId} ${holder.account} ${holder.coin}`);
  }
}
