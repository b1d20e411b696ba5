import type { CoinInfo, WithdrawalStatus } from '../../../domain';
import type { Engine } from '../../db';
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
  engine: Engine;
  coins: readonly CoinInfo[];
  service: WithdrawService;
  /** Called after a user's balances changed (pushes the private `balance` event). */
  onBalances(userId: number): Promise<void>;
  /** Called after a decision (pushes the private `decision` event). */
  onDecided: DecisionPush;
}

/**
 * The operator's withdrawal review: list (by status and account), approve with the chain
 * transaction id, reject with a reason. Each decision and its ops-journal entry are written in the
 * same writer command as the ledger change (see WithdrawService).
 */
export function registerWithdrawOpsRoutes(ops: OpsRegistry, deps: WithdrawOpsDeps): void {
  const { service, onBalances, onDecided } = deps;
  const { toOps } = withdrawalFormat(deps.coins);
  const users = accounts(deps.engine);

  ops.add('GET', 'withdrawals', 'read', async ({ input }) => {
    const statusText = str(input, 'status').trim();
    if (statusText !== '' && !STATUSES.includes(statusText as WithdrawalStatus)) {
      throw fail('badRequest', 'status');
    }
    const accountText = str(input, 'account');
    let userId: number | null = null;
    if (accountText.trim() !== '') {
      const id = await users.idOf(normalizeAccount(accountText));
      if (id === undefined) throw fail('accountUnknown', 'account');
      userId = id;
    }
    const coin = str(input, 'coin').trim();
    if (coin !== '' && !deps.coins.some((c) => c.symbol === coin)) throw fail('unknownCoin', 'coin');
    const { before, limit } = pageArgs(input);
    const rows = await service.store.list({
      userId,
      coin: coin === '' ? null : coin,
      status: statusText === '' ? null : (statusText as WithdrawalStatus),
      before,
      limit,
    });
    return rows.map(toOps);
  });

  ops.add('POST', 'withdrawals/approve', 'review', async ({ operator, input }) => {
    const id = recordId(input);
    const txid = str(input, 'txid').trim();
    if (txid === '') throw fail('required', 'txid');
    if (!TXID_PATTERN.test(txid)) throw fail('badRequest', 'txid');
    const row = await service.approve(operator, id, txid);
    await onBalances(row.userId);
    onDecided(row.userId, 'withdrawal', row.id, row.status);
    return toOps(row);
  });

  ops.add('POST', 'withdrawals/reject', 'review', async ({ operator, input }) => {
    const id = recordId(input);
    const reason = str(input, 'reason').trim();
    if (reason === '') throw fail('required', 'reason');
    if ([...reason].length > REASON_MAX) throw fail('textTooLong', 'reason');
    const row = await service.reject(operator, id, reason);
    await onBalances(row.userId);
    onDecided(row.userId, 'withdrawal', row.id, row.status);
    return toOps(row);
  });
}
