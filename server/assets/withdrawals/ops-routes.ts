import type { Database as SqliteDb } from 'better-sqlite3';
import type { CoinInfo, WithdrawalStatus } from '../../../domain';
import { fail, type DecisionPush, str } from '../../http';
import { accounts, normalizeAccount } from '../../mine';
import type { OpsRegistry } from '../../ops';
import { pageArgs } from '../../shared/paging';
import { recordId, withdrawalFormat } from './dto';
import type { WithdrawService } from './withdraw-service';

/** A chain transaction id as operators record it: 8 to 128 letters, digits, `_` or `-`. */
export const TXID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** Longest rejection reason, in characters (shown to the user in their history). */
export const REASON_MAX = 200;

const STATUSES: readonly WithdrawalStatus[] = ['review', 'approved', 'rejected', 'cancelled'];

/** What the withdrawal review routes need. */
export interface WithdrawOpsDeps {
  sqlite: SqliteDb;
  coins: readonly CoinInfo[];
  service: WithdrawService;
  /** Called after a user's balances changed (pushes the private `balance` event). */
  onBalances(userId: number): void;
  /** Called after a decision (pushes the private `decision` event). */
  onDecided: DecisionPush;
}

/**
 * The operator's withdrawal review: list (by status and account), approve with the chain
 * transaction id, reject with a reason. Each decision and its ops-journal entry are written in the
 * same transaction as the ledger change (see WithdrawService).
 */
export function registerWithdrawOpsRoutes(ops: OpsRegistry, deps: WithdrawOpsDeps): void {
  const { service, onBalances, onDecided } = deps;
  const { toOps } = withdrawalFormat(deps.coins);
  const users = accounts(deps.sqlite);

  ops.add('GET', 'withdrawals', ({ input }) => {
    const statusText = str(input, 'status').trim();
    if (statusText !== '' && !STATUSES.includes(statusText as WithdrawalStatus)) {
      throw fail('badRequest', 'status');
    }
    const accountText = str(input, 'account');
    let userId: number | null = null;
    if (accountText.trim() !== '') {
      const id = users.idOf(normalizeAccount(accountText));
      if (id === undefined) throw fail('accountUnknown', 'account');
      userId = id;
    }
    const coin = str(input, 'coin').trim();
    if (coin !== '' && !deps.coins.some((c) => c.symbol === coin)) throw fail('unknownCoin', 'coin');
    const { before, limit } = pageArgs(input);
    return service.store
      .list({
        userId,
        coin: coin === '' ? null : coin,
        status: statusText === '' ? null : (statusText as WithdrawalStatus),
        before,
        limit,
      })
      .map(toOps);
  });

  ops.add('POST', 'withdrawals/approve', ({ operator, input }) => {
    const id = recordId(input);
    const txid = str(input, 'txid').trim();
    if (txid === '') throw fail('required', 'txid');
    if (!TXID_PATTERN.test(txid)) throw fail('badRequest', 'txid');
    const row = service.approve(operator, id, txid);
    onBalances(row.userId);
    onDecided(row.userId, 'withdrawal', row.id, row.status);
    return toOps(row);
  });

  ops.add('POST', 'withdrawals/reject', ({ operator, input }) => {
    const id = recordId(input);
    const reason = str(input, 'reason').trim();
    if (reason === '') throw fail('required', 'reason');
    if ([...reason].length > REASON_MAX) throw fail('textTooLong', 'reason');
    const row = service.reject(operator, id, reason);
    onBalances(row.userId);
    onDecided(row.userId, 'withdrawal', row.id, row.status);
    return toOps(row);
  });
}
