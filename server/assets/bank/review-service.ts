import { fromUnits } from '../../../domain';
import type { Engine } from '../../db';
import { fail, notFound } from '../../http';
import { WORLD_USER_ID, type Ledger } from '../../ledger';
import type { OpsJournal } from '../../ops';
import type { BankDepositRow, BankStore } from './bank-store';
import { centsText } from './rules';

/** Ledger kind of a confirmed bank-card deposit. */
export const BANK_DEPOSIT_KIND = 'deposit.bank';

/**
 * The operator's decisions on bank-card deposits. Each decision is one writer command holding the
 * status check, the status change, the ledger credit (on confirmation) and the audit-trail line, so a
 * deposit is credited exactly once and never without a record of who confirmed it.
 */
export class BankReviewService {
  constructor(
    private readonly engine: Engine,
    private readonly ledger: Ledger,
    private readonly journal: OpsJournal,
    private readonly store: BankStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Confirms a deposit in review: credits its coins to the owner's spot account. */
  confirm(operator: string, id: number): Promise<BankDepositRow> {
    return this.engine.writer.run(async () => {
      const row = await this.pending(id);
      if (!(await this.store.decide(id, 'confirmed', null, operator, this.now())))
        throw fail('recordNotPending', 'id');
      await this.ledger.transfer(
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
      await this.journal.record({
        operator,
        action: 'bankDeposit.confirm',
        targetType: 'bank_deposits',
        targetId: String(id),
        detail: detail(row),
        before: { status: row.status },
        after: { status: 'confirmed', credit: row.credit.toString() },
      });
      return (await this.store.get(id))!;
    });
  }

  /** Rejects a deposit in review with `reason`; nothing is credited. */
  reject(operator: string, id: number, reason: string): Promise<BankDepositRow> {
    return this.engine.writer.run(async () => {
      const row = await this.pending(id);
      if (!(await this.store.decide(id, 'rejected', reason, operator, this.now())))
        throw fail('recordNotPending', 'id');
      await this.journal.record({
        operator,
        action: 'bankDeposit.reject',
        targetType: 'bank_deposits',
        targetId: String(id),
        detail: { ...detail(row), reason },
        before: { status: row.status },
        after: { status: 'rejected', reason },
      });
      return (await this.store.get(id))!;
    });
  }

  /** Inside the decision's command: the deposit, still in review. */
  private async pending(id: number): Promise<BankDepositRow> {
    const row = await this.store.get(id);
    if (!row) throw notFound();
    if (row.status !== 'review') throw fail('recordNotPending', 'id');
    return row;
  }
}

/** What the audit trail keeps of a deposit. */
function detail(r: BankDepositRow) {
  return {
    userId: r.userId,
    amount: centsText(r.amount),
    currency: r.currency,
    coin: r.coin,
    credit: fromUnits(r.credit),
  };
}
