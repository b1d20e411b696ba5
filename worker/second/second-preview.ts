import { floorDecimal, shareOf } from '../../domain';
import { payoutOf, stakeProblem, type SecondDuration, type StakeProblem } from '../../domain/second-rules';

/** What the option form asks the worker: the payout of a stake and the % shortcuts of the balance. */
export interface SecondPreviewInput {
  /** The stake as typed (already parsed to a plain decimal string), or ''. */
  stake: string;
  duration: SecondDuration;
  stakeDecimals: number;
  /** Available `second` balance, decimal string, for the % shortcuts. */
  available?: string;
  /** 25, 50, 75 or 100: the shortcut tapped. */
  percent?: number;
}

/** The form's exact figures, computed like the server does. */
export interface SecondPreview {
  /** stake × (1 + rate), floored; null when the stake is not acceptable. */
  payout: string | null;
  /** Why the stake is not acceptable, or null. */
  problem: StakeProblem | null;
  /** The stake a % shortcut gives, floored to the stake decimals; null without a shortcut. */
  share: string | null;
}

/** Computes the option form's preview; never throws (bad input answers nulls). */
export function previewSecond(input: SecondPreviewInput): SecondPreview {
  let share: string | null = null;
  try {
    if (input.percent !== undefined && input.available !== undefined) {
      const base = floorDecimal(input.available, 8);
      share = shareOf(base, input.percent, input.stakeDecimals);
    }
  } catch {
    share = null;
  }
  try {
    const problem = stakeProblem(input.stake, input.duration, input.stakeDecimals);
    const payout = problem
      ? null
      : payoutOf(input.stake.trim(), input.duration.payoutRate, input.stakeDecimals);
    return { payout, problem, share };
  } catch {
    return { payout: null, problem: 'amountFormat', share };
  }
}
