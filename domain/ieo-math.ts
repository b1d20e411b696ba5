/**
 * The published allocation rule of a new-coin subscription (IEO), shared by the server's allocation
 * and the page's rule text. Integers only: commits in quote ledger units (1e-8), allocations in whole
 * lots; nothing is ever rounded up.
 *
 * - Undersubscribed (all commits ≤ total lots × lot cost): each subscriber receives
 *   floor(commit ÷ lot cost) lots, its full amount.
 * - Oversubscribed: each receives floor(commit × total lots ÷ all commits) lots.
 * - Each pays lots × lot cost; the rest of the commit (refund) is unfrozen. Lots nobody received
 *   (the floors' remainder) stay with the issuer.
 */

/** Name of the rule, stored with every allocation (receipts name it). */
export const IEO_RULE = 'pro-rata-lots' as const;
export type IeoRule = typeof IEO_RULE;

/** One subscriber's share. */
export interface AllocationLine {
  /** Lots received. */
  lots: bigint;
  /** What the lots cost: lots × lot cost, quote units. */
  cost: bigint;
  /** The commit less the cost, unfrozen back to the subscriber, quote units. */
  refund: bigint;
}

/** The allocation of one project. */
export interface Allocation {
  oversubscribed: boolean;
  /** Σ commits, quote units. */
  allCommits: bigint;
  /** One line per commit, in the order given. */
  lines: AllocationLine[];
  /** Σ lots allocated. */
  allocatedLots: bigint;
  /** Lots left with the issuer: total − allocated. */
  remainderLots: bigint;
}

/**
 * Applies the rule to per-subscriber commits (quote units, each > 0), the project's total in lots
 * and one lot's cost in quote units (> 0).
 */
export function allocate(commits: readonly bigint[], totalLots: bigint, lotCost: bigint): Allocation {
  if (lotCost <= 0n) throw new RangeError('lot cost must be positive');
  if (totalLots < 0n) throw new RangeError('total lots must not be negative');
  let allCommits = 0n;
  for (const c of commits) {
    if (c <= 0n) throw new RangeError('a commit must be positive');
    allCommits += c;
  }
  const oversubscribed = allCommits > totalLots * lotCost;
  let allocatedLots = 0n;
  const lines = commits.map((c) => {
    const lots = oversubscribed ? (c * totalLots) / allCommits : c / lotCost;
    allocatedLots += lots;
    const cost = lots * lotCost;
    return { lots, cost, refund: c - cost };
  });
  return { oversubscribed, allCommits, lines, allocatedLots, remainderLots: totalLots - allocatedLots };
}
