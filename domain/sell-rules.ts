import Decimal from 'decimal.js';
import { stepDecimals } from './market';

// The checks of quick sell (`sell`) the form runs as the user types and the server runs again.

const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_FLOOR });
const PLAIN = /^\d+(\.\d+)?$/;

/** How long a quote holds, in milliseconds (the page counts it down). */
export const QUOTE_TTL_MS = 10_000;
/** Largest slippage a user may set, in percent. */
export const MAX_SLIPPAGE_PCT = '10';
/** Decimals of a slippage percentage (0.25 %). */
export const SLIPPAGE_DECIMALS = 2;
/** The slippage the form starts with, in percent. */
export const DEFAULT_SLIPPAGE_PCT = '0.5';

/**
 * The user's slippage as a percentage string, or null when it is not a plain number from 0 to
 * MAX_SLIPPAGE_PCT with at most SLIPPAGE_DECIMALS decimals.
 */
export function parseSlippage(text: string): string | null {
  const t = text.trim();
  if (!PLAIN.test(t)) return null;
  const [, frac = ''] = t.split('.');
  if (frac.length > SLIPPAGE_DECIMALS) return null;
  const d = new D(t);
  return d.gt(MAX_SLIPPAGE_PCT) ? null : d.toFixed();
}

/** True when a quote that holds until `expiresAt` (epoch ms) can no longer be used at `now`. */
export function quoteExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt;
}

/** Why a typed sell quantity is refused (an error key), or null when it is a valid quantity. */
export function sellQtyProblem(
  qty: string,
  lotSize: string,
): 'required' | 'amountFormat' | 'sellTooManyDecimals' | 'qtyStep' | null {
  const t = qty.trim();
  if (!t) return 'required';
  if (!PLAIN.test(t) || !new D(t).gt(0)) return 'amountFormat';
  const [, frac = ''] = t.split('.');
  // Too many decimals, or off the lot grid: refused, never rounded.
  if (frac.replace(/0+$/, '').length > stepDecimals(lotSize)) return 'sellTooManyDecimals';
  if (!new D(t).mod(lotSize).isZero()) return 'qtyStep';
  return null;
}
