// The IEO rows as the store reads them, and their mappers: integers read with Number() (ids,
// times) or BigInt() (ledger units), as SQLite gives bigints and PostgreSQL strings.
import type { AccountType } from '../../domain';
import { big, num } from '../db';

/** A row of `ieo_projects` with its result, if allocated; `*Units` bigint ledger units, times ms. */
export interface ProjectRow {
  id: number;
  name: string;
  coin: string;
  coinName: string;
  coinDecimals: number;
  quote: string;
  account: AccountType;
  price: string;
  lot: string;
  total: string;
  cap: string;
  lotUnits: bigint;
  totalUnits: bigint;
  capUnits: bigint;
  lotCostUnits: bigint;
  totalLots: bigint;
  preheatAt: number;
  opensAt: number;
  closesAt: number;
  website: string;
  whitepaper: string;
  explorer: string;
  description: string;
  result: ResultRow | null;
}

/** A row of `ieo_results`. */
export interface ResultRow {
  oversubscribed: boolean;
  allCommitUnits: bigint;
  subscribers: number;
  allocatedLots: bigint;
  remainderLots: bigint;
  issueTxId: number;
  allocatedAt: number;
}

/** A row of `ieo_commits` with its project's names. */
export interface CommitRow {
  id: number;
  projectId: number;
  userId: number;
  projectName: string;
  coin: string;
  quote: string;
  amountUnits: bigint;
  committedAt: number;
  txId: number;
}

/** A row of `ieo_allocations` with what the receipt names of its project and result. */
export interface AllocationRow {
  projectId: number;
  userId: number;
  projectName: string;
  coin: string;
  coinDecimals: number;
  quote: string;
  total: string;
  lot: string;
  lotCostUnits: bigint;
  oversubscribed: boolean;
  allCommitUnits: bigint;
  commitUnits: bigint;
  lots: bigint;
  allocatedUnits: bigint;
  costUnits: bigint;
  refundUnits: bigint;
  txId: number;
  allocatedAt: number;
}

export const PROJECT = `select p.*, r.oversubscribed, r.all_commit_units, r.subscribers, r.allocated_lots,
    r.remainder_lots, r.issue_tx_id, r.allocated_at
  from ieo_projects p left join ieo_results r on r.project_id = p.id`;

export function toProject(r: Record<string, unknown>): ProjectRow {
  return {
    id: num(r.id),
    name: r.name as string,
    coin: r.coin as string,
    coinName: r.coin_name as string,
    coinDecimals: num(r.coin_decimals),
    quote: r.quote as string,
    account: r.account as AccountType,
    price: r.price as string,
    lot: r.lot as string,
    total: r.total as string,
    cap: r.cap as string,
    lotUnits: big(r.lot_units),
    totalUnits: big(r.total_units),
    capUnits: big(r.cap_units),
    lotCostUnits: big(r.lot_cost_units),
    totalLots: big(r.total_lots),
    preheatAt: num(r.preheat_at),
    opensAt: num(r.opens_at),
    closesAt: num(r.closes_at),
    website: r.website as string,
    whitepaper: r.whitepaper as string,
    explorer: r.explorer as string,
    description: r.description as string,
    result:
      r.issue_tx_id === null || r.issue_tx_id === undefined
        ? null
        : {
            oversubscribed: num(r.oversubscribed) === 1,
            allCommitUnits: big(r.all_commit_units),
            subscribers: num(r.subscribers),
            allocatedLots: big(r.allocated_lots),
            remainderLots: big(r.remainder_lots),
            issueTxId: num(r.issue_tx_id),
            allocatedAt: num(r.allocated_at),
          },
  };
}

export const toCommit = (r: Record<string, unknown>): CommitRow => ({
  id: num(r.id),
  projectId: num(r.project_id),
  userId: num(r.user_id),
  projectName: r.name as string,
  coin: r.coin as string,
  quote: r.quote as string,
  amountUnits: big(r.amount_units),
  committedAt: num(r.committed_at),
  txId: num(r.tx_id),
});

export const toAllocation = (r: Record<string, unknown>): AllocationRow => ({
  projectId: num(r.project_id),
  userId: num(r.user_id),
  projectName: r.name as string,
  coin: r.coin as string,
  coinDecimals: num(r.coin_decimals),
  quote: r.quote as string,
  total: r.total as string,
  lot: r.lot as string,
  lotCostUnits: big(r.lot_cost_units),
  oversubscribed: num(r.oversubscribed) === 1,
  allCommitUnits: big(r.all_commit_units),
  commitUnits: big(r.commit_units),
  lots: big(r.lots),
  allocatedUnits: big(r.allocated_units),
  costUnits: big(r.cost_units),
  refundUnits: big(r.refund_units),
  txId: num(r.tx_id),
  allocatedAt: num(r.allocated_at),
});
