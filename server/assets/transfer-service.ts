import type { Database as SqliteDb } from 'better-sqlite3';
import type { ParsedTransfer } from '../../domain';
import { fail } from '../http';
import { InsufficientBalanceError, type Ledger } from '../ledger';
import { TransferStore, type TransferRow } from './transfer-store';

/** Ledger kind of a transfer between a user's own accounts. */
export const TRANSFER_KIND = 'transfer';

/**
 * Moves money between two accounts of one user: the `transfers` row and its ledger transaction in one
 * database transaction, so either both are kept or neither. The ledger refuses an overdraft before
 * writing; the whole call is synchronous, so concurrent requests are applied one after another.
 */
export class TransferService {
  readonly store: TransferStore;
  private readonly run: (userId: number, t: ParsedTransfer) => TransferRow;

  constructor(
    sqlite: SqliteDb,
    private readonly ledger: Ledger,
    private readonly now: () => number = Date.now,
  ) {
    this.store = new TransferStore(sqlite);
    this.run = sqlite.transaction((userId: number, t: ParsedTransfer) => {
      const row = this.store.insert({
        userId,
        coin: t.coin.symbol,
        from: t.from,
        to: t.to,
        amount: t.units,
        remark: t.remark,
        createdAt: this.now(),
      });
      this.ledger.transfer(
        {
          kind: TRANSFER_KIND,
          refType: 'transfers',
          refId: String(row.id),
          actor: `user:${userId}`,
          memo: `${t.from}->${t.to}`,
        },
        { userId, account: t.from, coin: t.coin.symbol },
        { userId, account: t.to, coin: t.coin.symbol },
        t.units,
      );
      return row;
    });
  }

  /** Applies a checked transfer; throws `insufficientBalance` (on `amount`) when `from` cannot cover it. */
  transfer(userId: number, t: ParsedTransfer): TransferRow {
    try {
      return this.run(userId, t);
    } catch (err) {
      if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'amount');
      throw err;
    }
  }
}
