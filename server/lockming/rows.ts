// The rows of the `lockming` tables as the area reads them, and their mappers (both engines).
import type { LockmingKind } from '../../domain/lockming-types';
import { big, bigOrNull, num, numOrNull } from '../db';

/** A product row; money in ledger units (1e-8), times epoch ms. */
export interface ProductRow {
  id: number;
  kind: LockmingKind;
  coin: string;
  name: string;
  days: number | null;
  dailyRate: string;
  minUnits: bigint;
  totalUnits: bigint | null;
  earlyRedeem: boolean;
  opensAt: number;
  closesAt: number | null;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}

/** What creating or editing a product writes. */
export type ProductFields = Omit<ProductRow, 'id' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/** A position with its product's terms, its payouts so far and its ending, if any. */
export interface PositionRow {
  id: number;
  userId: number;
  productId: number;
  kind: LockmingKind;
  name: string;
  earlyRedeem: boolean;
  coin: string;
  principalUnits: bigint;
  dailyRate: string;
  dailyUnits: bigint;
  days: number;
  lockedAt: number;
  maturesAt: number;
  lockTxId: number;
  daysPaid: number;
  paidUnits: bigint;
  endRule: 'maturity' | 'redeem' | null;
  endedAt: number | null;
  returnedUnits: bigint | null;
  forfeitedUnits: bigint | null;
  endTxId: number | null;
}

/** A stored payout (receipt). */
export interface PayoutRow {
  positionId: number;
  day: number;
  at: number;
  rule: 'interest' | 'maturity';
  principalUnits: bigint;
  dailyRate: string;
  amountUnits: bigint;
  txId: number;
}

/** One product's payouts of one instant, summed (the reference yield's input). */
export interface PayoutDay {
  productId: number;
  at: number;
  paid: bigint;
  principal: bigint;
}

export function toProduct(r: Record<string, unknown>): ProductRow {
  return {
    id: num(r.id),
    kind: r.kind as LockmingKind,
    coin: r.coin as string,
    name: r.name as string,
    days: numOrNull(r.days),
    dailyRate: r.daily_rate as string,
    minUnits: big(r.min_units),
    totalUnits: bigOrNull(r.total_units),
    earlyRedeem: num(r.early_redeem) === 1,
    opensAt: num(r.opens_at),
    closesAt: numOrNull(r.closes_at),
    createdBy: r.created_by as string,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

export function toPosition(r: Record<string, unknown>): PositionRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    productId: num(r.product_id),
    kind: r.kind as LockmingKind,
    name: r.name as string,
    earlyRedeem: num(r.early_redeem) === 1,
    coin: r.coin as string,
    principalUnits: big(r.principal_units),
    dailyRate: r.daily_rate as string,
    dailyUnits: big(r.daily_units),
    days: num(r.days),
    lockedAt: num(r.locked_at),
    maturesAt: num(r.matures_at),
    lockTxId: num(r.lock_tx_id),
    daysPaid: num(r.days_paid),
    paidUnits: big(r.paid_units),
    endRule: (r.end_rule as PositionRow['endRule']) ?? null,
    endedAt: numOrNull(r.ended_at),
    returnedUnits: bigOrNull(r.returned_units),
    forfeitedUnits: bigOrNull(r.forfeited_units),
    endTxId: numOrNull(r.end_tx_id),
  };
}

export function toPayout(r: Record<string, unknown>): PayoutRow {
  return {
    positionId: num(r.position_id),
    day: num(r.day),
    at: num(r.at),
    rule: r.rule as PayoutRow['rule'],
    principalUnits: big(r.principal_units),
    dailyRate: r.daily_rate as string,
    amountUnits: big(r.amount_units),
    txId: num(r.tx_id),
  };
}
