import { fromUnits, type BoundAddress, type CoinInfo, type Withdrawal } from '../../../domain';
import { idField, type Input } from '../../http';
import type { AddressRow } from './address-store';
import type { OpsWithdrawalRow, WithdrawalRow } from './withdrawal-store';

/** A withdrawal as the operator sees it: the user's view plus who asked and who decided. */
export interface OpsWithdrawal extends Withdrawal {
  userId: number;
  account: string;
  /** Operator name, or null while in review and for the user's own cancellation. */
  decidedBy: string | null;
}

/** Formats rows with each coin's catalog decimals (floored; ledger units are never rounded up). */
export function withdrawalFormat(coins: readonly CoinInfo[]) {
  const decimalsOf = (coin: string) => coins.find((c) => c.symbol === coin)?.decimals ?? 8;
  const toWithdrawal = (r: WithdrawalRow): Withdrawal => {
    const d = decimalsOf(r.coin);
    return {
      id: r.id,
      coin: r.coin,
      chain: r.chain,
      address: r.address,
      amount: fromUnits(r.amount, d),
      fee: fromUnits(r.fee, d),
      receive: fromUnits(r.amount - r.fee, d),
      status: r.status,
      txid: r.txid,
      reason: r.reason,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
    };
  };
  const toOps = (r: OpsWithdrawalRow): OpsWithdrawal => ({
    ...toWithdrawal(r),
    userId: r.userId,
    account: r.account,
    decidedBy: r.decidedBy,
  });
  return { decimalsOf, toWithdrawal, toOps };
}

/** The user's view of a bound address. */
export function toBoundAddress(r: AddressRow): BoundAddress {
  return {
    id: r.id,
    coin: r.coin,
    chain: r.chain,
    address: r.address,
    label: r.label,
    createdAt: r.createdAt,
  };
}

/** A record id from `input.id`; anything but a positive integer is a record that does not exist. */
export function recordId(input: Input): number {
  return idField(input, 'id');
}
