import type { BankDeposit, BankDepositStatus, CoinInfo } from '../../../domain';
import type { Engine } from '../../db';
import { fail, notFound, type DecisionPush, idField, str } from '../../http';
import { accounts, normalizeAccount } from '../../mine';
import type { OpsJournal, OpsRegistry } from '../../ops';
import { pageArgs } from '../../shared/paging';
import type { BankDepositRow, BankStore } from './bank-store';
import type { BankReviewService } from './review-service';
import { toBankDeposit } from './rules';
import type { UploadStore } from '../../shared/uploads';

/** A deposit as the operator reviews it: the owner and the full card number to match the bank statement. */
export interface OpsBankDeposit extends BankDeposit {
  userId: number;
  /** The user's login account (mobile or e-mail). */
  account: string;
  cardNumber: string;
  /** Coins per unit of currency in force when the deposit was made. */
  rate: string;
  decidedBy: string | null;
}

/** Longest rejection reason, in characters. */
export const REJECT_REASON_MAX = 200;

const STATUSES: readonly BankDepositStatus[] = ['review', 'confirmed', 'rejected'];

/** What the bank ops routes need. */
export interface BankOpsDeps {
  engine: Engine;
  coins: readonly CoinInfo[];
  store: BankStore;
  uploads: UploadStore;
  review: BankReviewService;
  journal: OpsJournal;
  /** Called after a user's balances changed (pushes the private `balance` event). */
  onBalances(userId: number): Promise<void>;
  /** Called after a decision (pushes the private `decision` event). */
  onDecided: DecisionPush;
}

/** The operator's review of bank-card deposits and their proofs (`/api/ops/…`). */
export function registerBankOps(ops: OpsRegistry, deps: BankOpsDeps): void {
  const { store, uploads, review, journal } = deps;
  const decimalsOf = (coin: string) => deps.coins.find((c) => c.symbol === coin)?.decimals ?? 8;
  const users = accounts(deps.engine);
  const toOps = (r: BankDepositRow, names: ReadonlyMap<number, string>): OpsBankDeposit => ({
    ...toBankDeposit(r, decimalsOf(r.coin)),
    userId: r.userId,
    account: names.get(r.userId) ?? '',
    cardNumber: r.cardNumber,
    rate: r.rate,
    decidedBy: r.decidedBy,
  });

  /** One decided deposit with its owner's account. */
  const oneOps = async (r: BankDepositRow) =>
    toOps(r, new Map([[r.userId, (await users.accountOf(r.userId)) ?? '']]));

  ops.add('GET', 'bank-deposits', 'read', async ({ input }) => {
    const statusText = str(input, 'status').trim();
    if (statusText !== '' && !STATUSES.includes(statusText as BankDepositStatus)) {
      throw fail('badRequest', 'status');
    }
    const accountText = normalizeAccount(str(input, 'account'));
    let userId: number | null = null;
    if (accountText !== '') {
      const id = await users.idOf(accountText);
      if (id === undefined) throw fail('accountUnknown', 'account');
      userId = id;
    }
    const { before, limit } = pageArgs(input);
    const status = statusText === '' ? null : (statusText as BankDepositStatus);
    const rows = await store.list({ userId, status, before, limit });
    const names = await users.accountsOf(rows.map((r) => r.userId));
    return rows.map((r) => toOps(r, names));
  });

  ops.add('POST', 'bank-deposits/confirm', 'review', async ({ operator, input }) => {
    const row = await review.confirm(operator, idField(input, 'id'));
    await deps.onBalances(row.userId);
    deps.onDecided(row.userId, 'bankDeposit', row.id, row.status);
    return oneOps(row);
  });

  ops.add('POST', 'bank-deposits/reject', 'review', async ({ operator, input }) => {
    const id = idField(input, 'id');
    const reason = str(input, 'reason').trim();
    if (!reason) throw fail('required', 'reason');
    if ([...reason].length > REJECT_REASON_MAX) throw fail('textTooLong', 'reason');
    const row = await review.reject(operator, id, reason);
    deps.onDecided(row.userId, 'bankDeposit', row.id, row.status);
    return oneOps(row);
  });

  ops.add('GET', 'uploads/get', 'review', async ({ operator, input }) => {
    const row = await uploads.get(str(input, 'id').trim());
    if (!row) throw notFound();
    const data = (await uploads.read(row)).toString('base64');
    // Proofs show a user's bank details: who looked at one is kept like any other operator action.
    await deps.engine.writer.run(() =>
      // A view changes nothing: before and after are the same record, kept so the row says whose it was.
      journal.record({
        operator,
        action: 'upload.view',
        targetType: 'uploads',
        targetId: row.id,
        before: { userId: row.userId, mime: row.mime },
        after: { userId: row.userId, mime: row.mime },
      }),
    );
    return { id: row.id, mime: row.mime, data, userId: row.userId };
  });
}
