import { fromUnits, toUnits } from '../../domain';
import type { ErrorKey } from '../../domain/errors';
import { lockAmountProblem, lockPreview, redeemUnits } from '../../domain/lockming-math';
import type { LockmingPosition, LockmingProduct } from '../../domain/lockming-types';

/** What the lock form asks: the product, the amount as typed (a plain decimal string), the clock. */
export interface LockPreviewInput {
  product: Pick<LockmingProduct, 'kind' | 'days' | 'dailyRate' | 'closesAt' | 'minAmount'>;
  amount: string;
  /** The coin's decimals (catalog). */
  decimals: number;
  /** The server's time now, epoch ms. */
  at: number;
  /** The daily payout time, `HH:MM` UTC. */
  accrualAtUtc: string;
}

/** The form's exact figures: what the server will promise for this amount now. */
export interface LockPreviewResult {
  problem: ErrorKey | null;
  days: number;
  dailyInterest: string | null;
  expectedIncome: string | null;
  maturesAt: number | null;
}

/** Computes the lock preview with the server's rule (domain/lockming-math.ts); never throws. */
export function previewLock(input: LockPreviewInput): LockPreviewResult {
  const { product, decimals } = input;
  try {
    const problem = lockAmountProblem(input.amount, product.minAmount, decimals);
    // Figures for any amount that reads as one (below the minimum too: the reader sees what it
    // would earn); none for text that is not an amount of the coin.
    const readable = problem === null || problem === 'lockmingBelowMin';
    const principal = readable ? toUnits(input.amount.trim()) : 0n;
    const p = lockPreview(product, principal, input.at, input.accrualAtUtc, decimals);
    return {
      problem,
      days: p.days,
      dailyInterest: readable ? fromUnits(p.dailyInterest, decimals) : null,
      expectedIncome: readable ? fromUnits(p.expectedIncome, decimals) : null,
      maturesAt: p.maturesAt,
    };
  } catch {
    return { problem: 'amountFormat', days: 0, dailyInterest: null, expectedIncome: null, maturesAt: null };
  }
}

/** What redeeming a position now gives back and takes: stated before confirming. */
export interface RedeemPreview {
  returned: string;
  forfeited: string;
}

/** Redemption of a lock forfeits the interest paid; of savings, nothing. */
export function previewRedeem(
  p: Pick<LockmingPosition, 'kind' | 'amount' | 'interest'>,
  decimals: number,
): RedeemPreview {
  const principal = toUnits(p.amount);
  const r =
    p.kind === 'lock' ? redeemUnits(principal, toUnits(p.interest)) : { returned: principal, forfeited: 0n };
  return { returned: fromUnits(r.returned, decimals), forfeited: fromUnits(r.forfeited, decimals) };
}
