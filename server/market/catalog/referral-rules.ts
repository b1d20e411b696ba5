import { DECIMAL_PATTERN, hasAtMostDecimals } from '../../../domain';
import type { ReferralTerms } from './defaults';

/** Decimals of the rebate share: the rebate math scales it to an integer of parts per million. */
export const SHARE_DECIMALS = 6;

/** Problems of the catalog's referral terms, empty when they are sound. */
export function referralProblems(r: ReferralTerms | undefined): string[] {
  if (!r) return ['referral terms are missing'];
  const out: string[] = [];
  const s = r.spotFeeShare;
  if (
    typeof s !== 'string' ||
    !DECIMAL_PATTERN.test(s) ||
    s.startsWith('-') ||
    Number(s) > 1 ||
    !hasAtMostDecimals(s, SHARE_DECIMALS)
  ) {
    out.push(`referral spotFeeShare must be a decimal from 0 to 1 with at most ${SHARE_DECIMALS} places`);
  }
  if (!Number.isInteger(r.activeDays) || r.activeDays < 1 || r.activeDays > 365) {
    out.push('referral activeDays must be a whole number of days from 1 to 365');
  }
  return out;
}

/** The share as parts per million (an integer), for exact rebate math on integer units. */
export function sharePpm(share: string): bigint {
  const [whole = '0', frac = ''] = share.split('.');
  return BigInt(whole) * 1_000_000n + BigInt((frac + '000000').slice(0, SHARE_DECIMALS));
}
