import type { Database as SqliteDb } from 'better-sqlite3';
import { fromUnits } from '../../../domain';
import { fail, notFound } from '../../http';
import { WORLD_USER_ID, type Ledger } from '../../ledger';
import type { OpsJournal } from '../../ops';
import type { BankDepositRow, BankStore } from './bank-store';
import { centsText } from './rules';

/** Ledger kind of a confirmed bank-card deposit. */
export const BANK_DEPOSIT_KIND = 'deposit.bank';

/**
 * The operator's decisions on bank-card deposits. Each decision is one database transaction holding
 * the status change, the ledger credit (on confirmation) and the audit-trail line, so a deposit is
 * credited exactly once and never without a record of who confirmed it.
 */
export class BankReviewService {
  readonly confirm: (operator: string, id: number) => BankDepositRow;
  readonly reject: (operator: string, id: number, reason: string) => BankDepositRow;

  constructor(
    sqlite: SqliteDb,
    ledger: Ledger,
    journal: OpsJournal,
    store: BankStore,
    now: () => number = Date.now,
  ) {
    const pending = (id: number): BankDepositRow => {
      const row = store.get(id);
      if (!row) throw notFound();
      if (row.status !== 'review') throw fail('recordNotPending', 'id');
      return row;
    };
    const detail = (r: BankDepositRow) => ({
      userId: r.userId,
      amount: centsText(r.amount),
      currency: r.currency,
      coin: r.coin,
      credit: fromUnits(r.credit),
    });

    this.confirm = sqlite.transaction((operator: string, id: number) => {
      const row = pending(id);
      if (!store.decide(id, 'confirmed', null, operator, now())) throw fail('recordNotPending', 'id');
      ledger.transfer(
        {
          kind: BANK_DEPOSIT_KIND,
          refType: 'bank_deposits',
          refId: String(id),
          actor: `operator:${operator}`,
        },
        { userId: WORLD_USER_ID, account: 'spot', coin: row.coin },
        { userId: row.userId, account: 'spot', coin: row.coin },
        row.credit,
      );
      journal.record({
        operator,
        action: 'bankDeposit.confirm',
        targetType: 'bank_deposits',
        targetId: String(id),
        detail: detail(row),
      });
      return store.get(id)!;
    });

    this.reject = sqlite.transaction((operator: string, id: number, reason: string) => {
      const row = pending(id);
      if (!store.decide(id, 'rejected', reason, operator, now())) throw fail('recordNotPending', 'id');
      journal.record({
        operator,
        action: 'bankDeposit.reject',
        targetType: 'bank_deposits',
        targetId: String(id),
        detail: { ...detail(row), reason },
      });
      return store.get(id)!;
    });
  }
}
