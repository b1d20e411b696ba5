/**
 * Checks of the `lockming` area's inputs that are not money math: an operator's product and the
 * catalog's section. The same text runs for the ops route and at catalog load.
 */
import type { ErrorKey } from './errors';
import { toUnits } from './ledger';
import { isDailyRate, offsetOfUtc } from './lockming-math';
import type { LockmingCatalog, LockmingProductSpec } from './lockming-types';

/** Longest product name, in characters. */
export const LOCKMING_NAME_MAX = 60;
/** Longest lock period, in days. */
export const LOCKMING_DAYS_MAX = 3650;

const AMOUNT = /^\d{1,15}(\.\d+)?$/;
const decimalsOf = (v: string) => v.split('.')[1]?.length ?? 0;
const positiveAmount = (v: unknown, decimals: number): v is string =>
  typeof v === 'string' && AMOUNT.test(v) && decimalsOf(v) <= decimals && toUnits(v) > 0n;

/** The first problem of a product an operator creates or edits, with its field; null when sound. */
export function productSpecProblem(
  p: LockmingProductSpec,
  coinDecimals: (coin: string) => number | undefined,
): { key: ErrorKey; field: string } | null {
  if (p.kind !== 'lock' && p.kind !== 'savings') return { key: 'badRequest', field: 'kind' };
  const decimals = coinDecimals(p.coin);
  if (decimals === undefined) return { key: 'unknownCoin', field: 'coin' };
  const name = p.name.trim();
  if (!name) return { key: 'required', field: 'name' };
  if ([...name].length > LOCKMING_NAME_MAX) return { key: 'textTooLong', field: 'name' };
  if (!isDailyRate(p.dailyRate)) return { key: 'amountFormat', field: 'dailyRate' };
  if (!positiveAmount(p.minAmount, decimals)) return { key: 'amountFormat', field: 'minAmount' };
  if (p.total != null && !positiveAmount(p.total, decimals)) return { key: 'amountFormat', field: 'total' };
  if (p.total != null && toUnits(p.total) < toUnits(p.minAmount))
    return { key: 'storeMaxBelowMin', field: 'total' };
  if (!Number.isSafeInteger(p.opensAt) || p.opensAt < 0) return { key: 'badRequest', field: 'opensAt' };
  if (p.closesAt != null && (!Number.isSafeInteger(p.closesAt) || p.closesAt <= p.opensAt)) {
    return { key: 'badRequest', field: 'closesAt' };
  }
  if (p.kind === 'lock') {
    if (!Number.isInteger(p.days) || p.days! < 1 || p.days! > LOCKMING_DAYS_MAX) {
      return { key: 'badRequest', field: 'days' };
    }
    // The interest of a whole period stays below the principal, so forfeiting it always fits.
    if (toUnits(p.dailyRate) * BigInt(p.days!) >= 100_000_000n)
      return { key: 'badRequest', field: 'dailyRate' };
  } else {
    if (p.days != null) return { key: 'badRequest', field: 'days' };
    if (p.closesAt == null) return { key: 'required', field: 'closesAt' };
    if (p.earlyRedeem === false) return { key: 'badRequest', field: 'earlyRedeem' };
  }
  return null;
}

/** Every problem of the catalog's `lockming` section (empty when sound). */
export function lockmingCatalogProblems(
  c: LockmingCatalog,
  coinDecimals: (coin: string) => number | undefined,
): string[] {
  const out: string[] = [];
  try {
    offsetOfUtc(c.accrualAtUtc);
  } catch {
    out.push('lockming accrualAtUtc must be HH:MM');
  }
  if (c.tradePassword !== 'always' && c.tradePassword !== 'never') out.push('lockming tradePassword');
  for (const [coin, amount] of Object.entries(c.demoReserve)) {
    const d = coinDecimals(coin);
    if (d === undefined || !positiveAmount(amount, d)) out.push(`lockming demoReserve ${coin}`);
  }
  c.demoProducts.forEach((p, i) => {
    // A demo savings product without an expiry runs a year from its creation.
    const spec = p.kind === 'savings' && p.closesAt == null ? { ...p, closesAt: p.opensAt + 1 } : p;
    const problem = productSpecProblem(spec, coinDecimals);
    if (problem) out.push(`lockming demoProducts[${i}] ${problem.field}`);
  });
  return out;
}
