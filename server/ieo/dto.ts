import { ieoNumber, ieoPhaseAt } from '../../domain/ieo-rules';
import { IEO_RULE } from '../../domain/ieo-math';
import type { IeoAllocation, IeoCommit, IeoProject } from '../../domain/ieo-types';
import { fromUnits, type CoinInfo } from '../../domain';
import type { AllocationRow, CommitRow, ProjectRow } from './store';

/** Decimals of a catalog coin (the quote); 8 for one the catalog does not list. */
export const decimalsIn = (coins: readonly CoinInfo[]) => (coin: string) =>
  coins.find((c) => c.symbol === coin)?.decimals ?? 8;

/** A project as everyone sees it at `now` (area clock), with the commits so far. */
export function toProject(
  p: ProjectRow,
  now: number,
  totals: { units: bigint; users: number } | undefined,
  quoteDecimals: number,
): IeoProject {
  const r = p.result;
  return {
    id: p.id,
    number: ieoNumber(p.id),
    name: p.name,
    coin: p.coin,
    coinName: p.coinName,
    coinDecimals: p.coinDecimals,
    quote: p.quote,
    quoteDecimals,
    price: p.price,
    lot: p.lot,
    lotCost: fromUnits(p.lotCostUnits, quoteDecimals),
    total: p.total,
    cap: p.cap,
    preheatAt: p.preheatAt,
    opensAt: p.opensAt,
    closesAt: p.closesAt,
    phase: ieoPhaseAt(p, now),
    links: { website: p.website, whitepaper: p.whitepaper, explorer: p.explorer },
    description: p.description,
    rule: IEO_RULE,
    committed: fromUnits(totals?.units ?? 0n, quoteDecimals),
    subscribers: totals?.users ?? 0,
    result: r && {
      oversubscribed: r.oversubscribed,
      allCommits: fromUnits(r.allCommitUnits, quoteDecimals),
      subscribers: r.subscribers,
      allocated: fromUnits(r.allocatedLots * p.lotUnits, p.coinDecimals),
      remainder: fromUnits(r.remainderLots * p.lotUnits, p.coinDecimals),
      allocatedAt: r.allocatedAt,
      issueTxId: r.issueTxId,
    },
  };
}

export function toCommit(c: CommitRow, quoteDecimals: number): IeoCommit {
  return {
    id: c.id,
    projectId: c.projectId,
    projectName: c.projectName,
    coin: c.coin,
    quote: c.quote,
    amount: fromUnits(c.amountUnits, quoteDecimals),
    committedAt: c.committedAt,
    ledgerTxId: c.txId,
  };
}

/** An allocation with its receipt: the rule, what it used and what it moved. */
export function toAllocation(a: AllocationRow, quoteDecimals: number): IeoAllocation {
  const q = (u: bigint) => fromUnits(u, quoteDecimals);
  const allocated = fromUnits(a.allocatedUnits, a.coinDecimals);
  return {
    projectId: a.projectId,
    projectName: a.projectName,
    coin: a.coin,
    quote: a.quote,
    committed: q(a.commitUnits),
    lots: a.lots.toString(),
    allocated,
    cost: q(a.costUnits),
    refund: q(a.refundUnits),
    allocatedAt: a.allocatedAt,
    receipt: {
      rule: IEO_RULE,
      inputs: {
        commit: q(a.commitUnits),
        allCommits: q(a.allCommitUnits),
        total: a.total,
        lot: a.lot,
        lotCost: q(a.lotCostUnits),
        oversubscribed: a.oversubscribed,
      },
      amounts: [
        { label: 'allocated', coin: a.coin, amount: allocated },
        { label: 'cost', coin: a.quote, amount: a.costUnits === 0n ? q(0n) : `-${q(a.costUnits)}` },
        { label: 'refund', coin: a.quote, amount: q(a.refundUnits) },
      ],
      ledgerTxId: a.txId,
      ts: a.allocatedAt,
    },
  };
}
