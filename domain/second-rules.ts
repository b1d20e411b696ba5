import { fromUnits, toUnits } from './ledger';

/**
 * Timed options (`second`): the published rule, the payout arithmetic and the stake checks. The
 * server settles with these functions and the worker previews with them, so both compute the same.
 *
 * The rule, in full: the entry price is the last trade of our own spot book for the pair strictly
 * before the millisecond the server accepted the option; the exit price is the last trade at or
 * before the expiry instant (accept time + duration). Up wins when exit > entry, down wins when
 * exit < entry, and equal prices return the stake. Nothing else — no randomness, no operator input,
 * no per-user setting — enters the result.
 */

/** Which way the holder expects the price to move. */
export type OptionDirection = 'up' | 'down';
export const OPTION_DIRECTIONS: readonly OptionDirection[] = ['up', 'down'];

/** How a settled option ended. */
export type OptionResult = 'won' | 'lost' | 'equal';
export const OPTION_RESULTS: readonly OptionResult[] = ['won', 'lost', 'equal'];

/** One duration an option can be bought for, with its terms (decimal strings in the stake coin). */
export interface SecondDuration {
  /** Length of the option, in seconds. */
  seconds: number;
  /** What a win adds to the stake, such as `0.85` for 85 %: payout = stake × (1 + rate), floored. */
  payoutRate: string;
  /** Smallest stake, in the stake coin. */
  minStake: string;
  /** Largest stake, in the stake coin. */
  maxStake: string;
  /**
   * Cap on the house's open exposure per pair for this duration, in the stake coin: the sum over open
   * options of what the house pays if they all win (payout − stake). An option past it is refused.
   */
  exposureCap: string;
}

/** The catalog's terms of timed options. */
export interface SecondTerms {
  /** Coin of stakes and payouts; every option-enabled pair is quoted in it. */
  coin: string;
  /** Option-enabled pairs (`BASE/QUOTE`), in picker order. */
  pairs: string[];
  durations: SecondDuration[];
  /** Decimals of stakes and payouts (spec §5: floored, default 2). */
  stakeDecimals: number;
  /**
   * Staleness window, in milliseconds: with no trade of the pair within it, a new option is refused
   * with "no optimal price at present".
   */
  staleMs: number;
  /** What demo mode grants the demo account in its `second` account, in the stake coin. */
  demoGrant: string;
}

/** The result of an option from its two prices (decimal strings of the same pair) and direction. */
export function optionResult(direction: OptionDirection, entry: string, exit: string): OptionResult {
  const cmp = compareUnits(exit, entry);
  if (cmp === 0) return 'equal';
  return cmp > 0 === (direction === 'up') ? 'won' : 'lost';
}

/** Exact comparison of two non-negative decimal prices with at most 8 decimals. */
function compareUnits(a: string, b: string): number {
  const x = toUnits(a);
  const y = toUnits(b);
  return x === y ? 0 : x > y ? 1 : -1;
}

/** 10^n as a bigint. */
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * What a won option credits, in ledger units (1e-8): stake × (1 + rate), floored to `decimals`.
 * `stakeUnits` is already on the `decimals` grid, so flooring the product keeps the stake whole.
 */
export function payoutUnits(stakeUnits: bigint, rate: string, decimals: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) throw new RangeError(`not a rate: ${rate}`);
  const frac = m[2] ?? '';
  const scale = pow10(frac.length);
  const rateScaled = BigInt(m[1]! + frac);
  const raw = stakeUnits + (stakeUnits * rateScaled) / scale;
  const step = pow10(8 - decimals);
  return (raw / step) * step;
}

/** The payout of a won option as a decimal string with `decimals` places (the form's preview). */
export function payoutOf(stake: string, rate: string, decimals: number): string {
  return fromUnits(payoutUnits(toUnits(stake), rate, decimals), decimals);
}

/** The house's risk of one option, in ledger units: what it pays beyond the stake if the option wins. */
export function houseRiskUnits(stakeUnits: bigint, rate: string, decimals: number): bigint {
  return payoutUnits(stakeUnits, rate, decimals) - stakeUnits;
}

/** What went wrong with a stake; the message keys of `second-errors.ts` and the core ones. */
export type StakeProblem = 'required' | 'amountFormat' | 'amountBelowMin' | 'amountAboveMax';

/**
 * Checks a stake as typed (a plain decimal string) against a duration's bounds and the stake
 * decimals. Too many decimals is refused, never rounded. Null when the stake is acceptable.
 */
export function stakeProblem(stake: string, duration: SecondDuration, decimals: number): StakeProblem | null {
  const s = stake.trim();
  if (s === '') return 'required';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m || (m[2]?.length ?? 0) > decimals || m[1]!.length > 15) return 'amountFormat';
  const units = toUnits(s);
  if (units <= 0n || units < toUnits(duration.minStake)) return 'amountBelowMin';
  if (units > toUnits(duration.maxStake)) return 'amountAboveMax';
  return null;
}

/** The duration of `terms` lasting `seconds`, or undefined. */
export function findDuration(terms: SecondTerms, seconds: number): SecondDuration | undefined {
  return terms.durations.find((d) => d.seconds === seconds);
}

const PLAIN = /^\d+(\.\d+)?$/;
const positive = (v: unknown) => typeof v === 'string' && PLAIN.test(v) && /[1-9]/.test(v);

/**
 * Every problem of the catalog's option terms (empty when sound). `pairs` are the catalog's spot
 * pairs: an option pair must be one of them, quoted in the stake coin.
 */
export function secondTermsProblems(
  terms: SecondTerms,
  pairs: readonly { symbol: string; quote: string }[],
  coinDecimals: number | undefined,
): string[] {
  const out: string[] = [];
  if (coinDecimals === undefined) out.push(`second coin ${terms.coin} is not a coin`);
  const d = terms.stakeDecimals;
  if (!Number.isInteger(d) || d < 0 || d > Math.min(8, coinDecimals ?? 8)) {
    out.push('second stakeDecimals must be 0..the coin decimals');
  }
  const seen = new Set<string>();
  for (const sym of terms.pairs) {
    const p = pairs.find((x) => x.symbol === sym);
    if (!p) out.push(`second pair ${sym} is not a spot pair`);
    else if (p.quote !== terms.coin) out.push(`second pair ${sym} is not quoted in ${terms.coin}`);
    if (seen.has(sym)) out.push(`second pair ${sym} listed twice`);
    seen.add(sym);
  }
  const secs = new Set<number>();
  for (const du of terms.durations) {
    const name = `second duration ${du.seconds}s`;
    if (!Number.isInteger(du.seconds) || du.seconds < 1 || du.seconds > 86_400) out.push(`${name}: seconds`);
    if (secs.has(du.seconds)) out.push(`${name} listed twice`);
    secs.add(du.seconds);
    if (!positive(du.payoutRate) || Number(du.payoutRate) > 10) out.push(`${name}: payoutRate`);
    for (const k of ['minStake', 'maxStake', 'exposureCap'] as const) {
      if (!positive(du[k]) || (k !== 'exposureCap' && (du[k].split('.')[1]?.length ?? 0) > d)) {
        out.push(`${name}: ${k}`);
      }
    }
    if (positive(du.minStake) && positive(du.maxStake) && toUnits(du.maxStake) < toUnits(du.minStake)) {
      out.push(`${name}: maxStake below minStake`);
    }
  }
  if (!Number.isInteger(terms.staleMs) || terms.staleMs < 1_000) out.push('second staleMs must be ≥ 1000');
  if (!positive(terms.demoGrant)) out.push('second demoGrant');
  return out;
}

/** A recorded trade as the rule reads it: id order is trade order within a market. */
export interface RuleTrade {
  id: number;
  /** Trade time, epoch ms. */
  ts: number;
}

/**
 * The entry trade of an option accepted at `acceptedAt` (epoch ms): the last trade strictly before
 * that millisecond. Trades of the same millisecond may have been recorded after the acceptance, so
 * they never count — which makes the entry recomputable from the stored trades alone.
 */
export function entryTradeOf<T extends RuleTrade>(trades: readonly T[], acceptedAt: number): T | undefined {
  return lastWhere(trades, (t) => t.ts < acceptedAt);
}

/** The exit trade of an option expiring at `expiresAt` (epoch ms): the last trade at or before it. */
export function exitTradeOf<T extends RuleTrade>(trades: readonly T[], expiresAt: number): T | undefined {
  return lastWhere(trades, (t) => t.ts <= expiresAt);
}

function lastWhere<T extends RuleTrade>(trades: readonly T[], ok: (t: T) => boolean): T | undefined {
  let best: T | undefined;
  for (const t of trades) if (ok(t) && (!best || t.id > best.id)) best = t;
  return best;
}
