import { stepDecimals, type PairInfo } from '../../../domain';

/** A pair's step (tick or lot) as an exact scaled integer: `step = units / 10^decimals`. */
interface Step {
  /** The step in units of 10^-decimals, > 0. */
  units: bigint;
  /** Decimal places of the step (trailing zeros ignored), e.g. 2 for `0.01` and for `0.050`. */
  decimals: number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
// Longer input is junk for any real price or quantity; the cap keeps BigInt parsing cheap on hostile input.
const MAX_INPUT_LENGTH = 64;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function parseStep(step: string, what: string): Step {
  const m = DECIMAL.exec(step);
  if (!m) throw new RangeError(`${what} is not a plain decimal: ${step}`);
  const decimals = stepDecimals(step);
  const units = BigInt(m[1]! + (m[2] ?? '').slice(0, decimals).padEnd(decimals, '0'));
  if (units <= 0n) throw new RangeError(`${what} must be positive: ${step}`);
  return { units, decimals };
}

/** Formats a non-negative scaled integer `value / 10^decimals` with exactly `decimals` places. */
function formatScaled(value: bigint, decimals: number): string {
  const text = value.toString();
  if (decimals === 0) return text;
  const padded = text.padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

function toCount(value: number | bigint, what: string): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new RangeError(`${what} must be a non-negative integer, got ${value}`);
    return value;
  }
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer, got ${value}`);
  }
  return BigInt(value);
}

/**
 * Parses `text` as a whole number of `step`s, or null when it is junk, off the grid or too large.
 * Extra trailing zeros beyond the step's decimals are accepted: they do not change the value.
 */
function parseOnGrid(text: string, step: Step): number | null {
  if (typeof text !== 'string' || text.length > MAX_INPUT_LENGTH) return null;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  // Digits past the step's decimals must be zeros; anything else is finer than the grid.
  if (!/^0*$/.test(frac.slice(step.decimals))) return null;
  const scaled = BigInt(m[1]! + frac.slice(0, step.decimals).padEnd(step.decimals, '0'));
  if (scaled % step.units !== 0n) return null;
  const count = scaled / step.units;
  return count > MAX_SAFE ? null : Number(count);
}

/**
 * Exact conversions between the engine's integers and a pair's canonical wire strings.
 *
 * - price = ticks × tickSize, written with the tick's decimals (`0.01` → `"123.45"`);
 * - quantity = lots × lotSize, written with the lot's decimals;
 * - amount (quote) = quoteUnits × tickSize × lotSize, written with tick + lot decimals, so it is exact
 *   (a display layer may floor it further to the quote coin's decimals).
 *
 * All arithmetic is on BigInt; nothing is ever rounded.
 */
export interface PairFormatter {
  readonly symbol: string;
  /** Fraction digits of every price string. */
  readonly priceDecimals: number;
  /** Fraction digits of every quantity string. */
  readonly qtyDecimals: number;
  /** Fraction digits of every quote amount string (priceDecimals + qtyDecimals). */
  readonly amountDecimals: number;
  /** Price string of `ticks` (non-negative integer ticks). Throws RangeError on a negative or unsafe value. */
  ticksToPrice(ticks: number | bigint): string;
  /** Quantity string of `lots` (non-negative integer lots). Throws RangeError on a negative or unsafe value. */
  lotsToQty(lots: number | bigint): string;
  /** Quote amount string of `units` (integer ticks × lots). Throws RangeError on a negative or unsafe value. */
  quoteUnitsToAmount(units: number | bigint): string;
  /**
   * Ticks of a price string, or null when it is not a plain non-negative decimal (no sign, exponent,
   * spaces), is not a whole number of ticks, or exceeds a safe integer. Never rounds. `"0"` gives 0:
   * positivity is an order rule, not a grid rule.
   */
  priceToTicks(text: string): number | null;
  /** Lots of a quantity string, or null under the same rules as `priceToTicks`. */
  qtyToLots(text: string): number | null;
}

/** Builds the exact formatter of a pair from its `tickSize` and `lotSize`. Throws on a bad step. */
export function makeFormatter(pair: Pick<PairInfo, 'symbol' | 'tickSize' | 'lotSize'>): PairFormatter {
  const tick = parseStep(pair.tickSize, `${pair.symbol} tickSize`);
  const lot = parseStep(pair.lotSize, `${pair.symbol} lotSize`);
  const amountDecimals = tick.decimals + lot.decimals;
  const notional = tick.units * lot.units;
  return {
    symbol: pair.symbol,
    priceDecimals: tick.decimals,
    qtyDecimals: lot.decimals,
    amountDecimals,
    ticksToPrice: (ticks) => formatScaled(toCount(ticks, 'ticks') * tick.units, tick.decimals),
    lotsToQty: (lots) => formatScaled(toCount(lots, 'lots') * lot.units, lot.decimals),
    quoteUnitsToAmount: (units) => formatScaled(toCount(units, 'quote units') * notional, amountDecimals),
    priceToTicks: (text) => parseOnGrid(text, tick),
    qtyToLots: (text) => parseOnGrid(text, lot),
  };
}
