import type { ParsedTransfer } from '../../domain';
import type { Engine } from '../db';
import { fail } from '../http';
import { InsufficientBalanceError, type Ledger } from '../ledger';
import { TransferStore, type TransferRow } from './transfer-store';

/** Ledger kind of a transfer between a user's own accounts. */
export const TRANSFER_KIND = 'transfer';

/**
 * Moves money between two accounts of one user: the `transfers` row and its ledger transaction in one
 * writer command, so either both are kept or neither. The ledger refuses an overdraft before writing,
 * against the balance as the commands before this one left it, so concurrent requests are applied
 * one after another.
 */
export class TransferService {
  readonly store: TransferStore;

  constructor(
    private readonly engine: Engine,
    private readonly ledger: Ledger,
    private readonly now: () => number = Date.now,
  ) {
    this.store = new TransferStore(engine);
  }

  /** Applies a checked transfer; throws `insufficientBalance` (on `amount`) when `from` cannot cover it. */
  async transfer(userId: number, t: ParsedTransfer): Promise<TransferRow> {
    try {
      return await this.engine.writer.run(async () => {
        const row = await this.store.insert({
          userId,
          coin: t.coin.symbol,
          from: t.from,
          to: t.to,
          amount: t.units,
          remark: t.remark,
          createdAt: this.now(),
        });
        // A refusal here undoes the row with the command's savepoint.
        await this.ledger.transfer(
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
    } catch (err) {
      if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'amount');
      throw err;
    }
  }
}
