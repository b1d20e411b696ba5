import { fromUnits } from '../../domain';
import type { LockmingPosition, LockmingPositionDetail, LockmingReceipt } from '../../domain/lockming-types';
import type { PayoutRow, PositionRow } from './store';
import { LockmingService } from './service';

/** A position as the app sees it; amounts floored to the coin's `decimals`. */
export function toPosition(r: PositionRow, decimals: number): LockmingPosition {
  const f = (u: bigint) => fromUnits(u, decimals);
  const ended = r.endRule !== null;
  return {
    id: r.id,
    productId: r.productId,
    kind: r.kind,
    name: r.name,
    coin: r.coin,
    amount: f(r.principalUnits),
    dailyRate: r.dailyRate,
    dailyInterest: f(r.dailyUnits),
    days: r.days,
    daysPaid: r.daysPaid,
    interest: f(r.paidUnits),
    expectedIncome: f(BigInt(r.days) * r.dailyUnits),
    lockedAt: r.lockedAt,
    maturesAt: r.maturesAt,
    nextAccrualAt: ended ? null : LockmingService.payoutAt(r, r.daysPaid + 1),
    status: ended ? 'expired' : 'locking',
    ended: r.endRule,
    endedAt: r.endedAt,
    forfeited: r.forfeitedUnits === null ? null : f(r.forfeitedUnits),
    returned: r.returnedUnits === null ? null : f(r.returnedUnits),
    redeemable: !ended && (r.kind === 'savings' || r.earlyRedeem),
  };
}

/** A payout's receipt. */
export function toReceipt(p: PayoutRow, decimals: number): LockmingReceipt {
  return {
    positionId: p.positionId,
    day: p.day,
    at: p.at,
    rule: p.rule,
    principal: fromUnits(p.principalUnits, decimals),
    dailyRate: p.dailyRate,
    amount: fromUnits(p.amountUnits, decimals),
    ledgerTxId: p.txId,
  };
}

/** A position with its receipts. */
export function toDetail(
  r: PositionRow,
  payouts: readonly PayoutRow[],
  decimals: number,
): LockmingPositionDetail {
  return {
    ...toPosition(r, decimals),
    receipts: payouts.map((p) => toReceipt(p, decimals)),
    lockTxId: r.lockTxId,
    endTxId: r.endTxId,
  };
}
