/** The five balance accounts (DESIGN.md vocabulary; spec §3 calls them coin, contract, fiat, option, finance). */
export const ACCOUNT_TYPES = ['spot', 'lever', 'legal', 'second', 'finance'] as const;
/** One of the five balance accounts. */
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/**
 * Decimal places of the ledger's integer minor units, the same for every coin: one unit is 1e-8 of
 * a coin. Coins may be traded and shown with fewer decimals (catalog), never more.
 */
export const UNIT_DECIMALS = 8;
const UNIT_SCALE = 10n ** BigInt(UNIT_DECIMALS);

/**
 * Parses a non-negative decimal string into integer minor units (1e-8). Throws a RangeError on a
 * sign, exponent, junk or more than UNIT_DECIMALS fraction digits: input is never silently rounded.
 */
export function toUnits(value: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not a non-negative decimal: ${value}`);
  const frac = m[2] ?? '';
  if (frac.length > UNIT_DECIMALS) throw new RangeError(`more than ${UNIT_DECIMALS} decimals: ${value}`);
  return BigInt(m[1]!) * UNIT_SCALE + BigInt(frac.padEnd(UNIT_DECIMALS, '0') || '0');
}

/** Formats minor units as a decimal string with `decimals` places, floored (never rounded up). */
export function fromUnits(units: bigint, decimals: number = UNIT_DECIMALS): string {
  if (decimals < 0 || decimals > UNIT_DECIMALS || !Number.isInteger(decimals)) {
    throw new RangeError(`decimals must be 0..${UNIT_DECIMALS}`);
  }
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const drop = 10n ** BigInt(UNIT_DECIMALS - decimals);
  // Floor toward negative infinity: a negative value with dropped digits moves one step down.
  let kept = abs / drop;
  if (neg && abs % drop !== 0n) kept += 1n;
  const whole = kept / 10n ** BigInt(decimals);
  const frac = (kept % 10n ** BigInt(decimals)).toString().padStart(decimals, '0');
  const body = decimals > 0 ? `${whole}.${frac}` : `${whole}`;
  return neg && kept !== 0n ? `-${body}` : body;
}
