/**
 * Lock-up and deposit savings money rules, shared by the worker's preview and the server's accrual
 * so a preview shows exactly what will be paid. Amounts are integer ledger units (1e-8 of a coin,
 * bigint); rates are decimal strings per day with at most 8 decimals; times are epoch ms.
 *
 * The rule: a position of principal P at daily rate r pays, at each of its payout instants, the same
 * interest floor(P × r) floored to the coin's decimals. Its payout instants are the catalog's daily
 * UTC time strictly after it was locked, one per day; a lock of N days has N of them, and the last
 * comes with the principal (maturity). A savings position has one per day up to its product's
 * expiry. Expected income is therefore N × the daily interest, exactly.
 */
import type { ErrorKey } from './errors';
import { fromUnits, toUnits, UNIT_DECIMALS } from './ledger';

/** One day, ms. */
export const DAY_MS = 86_400_000;
/** Days of a year in the reference annualized yield. */
export const YEAR_DAYS = 365n;
/** Days the reference yield looks back over (spec §9). */
export const REFERENCE_DAYS = 3;
/** Decimals of the reference yield, a fraction (0.182500 = 18.25 %). */
export const YIELD_DECIMALS = 6;

const SCALE = 10n ** BigInt(UNIT_DECIMALS);
const RATE = /^0\.\d{1,8}$/;

/** True when `rate` is a daily rate the area takes: above 0, below 1, at most 8 decimals. */
export function isDailyRate(rate: string): boolean {
  return RATE.test(rate) && /[1-9]/.test(rate);
}

/** The ledger units of one coin step (`decimals` places): 10^(8 − decimals). */
export function coinStep(coinDecimals: number): bigint {
  return 10n ** BigInt(UNIT_DECIMALS - coinDecimals);
}

/** One day's interest: floor(principal × rate), floored to the coin's decimals. */
export function dailyInterestUnits(principal: bigint, dailyRate: string, coinDecimals: number): bigint {
  const raw = (principal * toUnits(dailyRate)) / SCALE;
  return raw - (raw % coinStep(coinDecimals));
}

/** Interest over `days` payouts: days × the daily interest (each day floored on its own). */
export function expectedIncomeUnits(
  principal: bigint,
  dailyRate: string,
  days: number,
  coinDecimals: number,
): bigint {
  return BigInt(days) * dailyInterestUnits(principal, dailyRate, coinDecimals);
}

/** Milliseconds after UTC midnight of an `HH:MM` time. */
export function offsetOfUtc(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`not an HH:MM time: ${hhmm}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 60_000;
}

/** The last payout instant at or before `at`. */
export function lastAccrualAt(at: number, hhmm: string): number {
  const offset = offsetOfUtc(hhmm);
  return Math.floor((at - offset) / DAY_MS) * DAY_MS + offset;
}

/** The `day`-th payout instant (1-based) of a position locked at `lockedAt`: strictly after it. */
export function accrualAt(lockedAt: number, day: number, hhmm: string): number {
  return lastAccrualAt(lockedAt, hhmm) + day * DAY_MS;
}

/** How many payout instants fall in (`from`, `until`]. */
export function accrualsBetween(from: number, until: number, hhmm: string): number {
  const first = accrualAt(from, 1, hhmm);
  return until < first ? 0 : Math.floor((until - first) / DAY_MS) + 1;
}

/**
 * Largest principal (a whole number of coin steps) whose promise, `days` × its daily interest,
 * is at most `reserve`: what the house's reserve can still take. With no reserve left that is the
 * largest amount whose interest floors to nothing (below any sensible minimum lock amount).
 */
export function maxPrincipalUnits(
  reserve: bigint,
  dailyRate: string,
  days: number,
  coinDecimals: number,
): bigint {
  if (reserve < 0n || days <= 0) return 0n;
  const step = coinStep(coinDecimals);
  // The largest daily interest the reserve covers, in whole coin steps.
  const perDay = reserve / BigInt(days);
  const maxDaily = perDay - (perDay % step);
  // floor_step(P × r) ≤ maxDaily ⇔ P × r < maxDaily + step ⇔ P × rate·1e8 < (maxDaily + step)·1e8.
  const rate = toUnits(dailyRate);
  const bound = (maxDaily + step) * SCALE;
  const p = (bound + rate - 1n) / rate - 1n;
  return p - (p % step);
}

/**
 * The reference annualized yield (spec §9) from what was actually paid on each payout day of the
 * window: Σ interest ÷ Σ principal × 365, a fraction floored to YIELD_DECIMALS. Null without any
 * principal paid on.
 */
export function referenceYield(days: readonly { paid: bigint; principal: bigint }[]): string | null {
  let paid = 0n;
  let principal = 0n;
  for (const d of days) {
    paid += d.paid;
    principal += d.principal;
  }
  if (principal <= 0n) return null;
  const scaled = (paid * YEAR_DAYS * 10n ** BigInt(YIELD_DECIMALS)) / principal;
  return fromUnits(scaled * 10n ** BigInt(UNIT_DECIMALS - YIELD_DECIMALS), YIELD_DECIMALS);
}

/** What a product needs for a preview. */
export interface PreviewTerms {
  kind: 'lock' | 'savings';
  days: number | null;
  dailyRate: string;
  closesAt: number | null;
}

/** The preview of a lock, in ledger units and instants. */
export interface LockPreview {
  days: number;
  dailyInterest: bigint;
  expectedIncome: bigint;
  maturesAt: number;
}

/**
 * What a lock of `principal` made at `at` promises: its payout count (a lock's period, or the savings
 * payouts up to the product's expiry), daily interest, expected income and maturity instant.
 */
export function lockPreview(
  terms: PreviewTerms,
  principal: bigint,
  at: number,
  hhmm: string,
  coinDecimals: number,
): LockPreview {
  const days = terms.kind === 'lock' ? (terms.days ?? 0) : accrualsBetween(at, terms.closesAt ?? at, hhmm);
  const daily = dailyInterestUnits(principal, terms.dailyRate, coinDecimals);
  return {
    days,
    dailyInterest: daily,
    expectedIncome: BigInt(days) * daily,
    maturesAt: accrualAt(at, Math.max(days, 1), hhmm),
  };
}

/** An early redemption: the interest paid is forfeited, the rest of the principal returns. */
export function redeemUnits(
  principal: bigint,
  interestPaid: bigint,
): { returned: bigint; forfeited: bigint } {
  const forfeited = interestPaid < principal ? interestPaid : principal;
  return { returned: principal - forfeited, forfeited };
}

/**
 * The first problem of a lock amount as typed (a decimal string in the coin), or null: required,
 * a plain positive decimal, at most the coin's decimals, at least the product's minimum.
 */
export function lockAmountProblem(amount: string, minAmount: string, coinDecimals: number): ErrorKey | null {
  const s = amount.trim();
  if (s === '') return 'required';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m || m[1]!.length > 15) return 'amountFormat';
  if ((m[2]?.length ?? 0) > coinDecimals) return 'tooManyDecimals';
  const units = toUnits(s);
  if (units <= 0n) return 'amountPositive';
  if (units < toUnits(minAmount)) return 'lockmingBelowMin';
  return null;
}
