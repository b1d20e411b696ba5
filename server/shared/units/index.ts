import { fromUnits, stepDecimals, toUnits, UNIT_DECIMALS, type PairInfo } from '../../../domain';

const SCALE = 10n ** BigInt(UNIT_DECIMALS);

/**
 * Conversions of one pair between the engine's integers (ticks, lots) and ledger units (1e-8 coin).
 * The catalog guarantees tick and lot decimals add up to at most 8, so price × quantity is always a
 * whole number of ledger units and no trade value is rounded.
 */
export class PairUnits {
  /** Base ledger units per lot. */
  readonly lotUnits: bigint;
  /** Quote ledger units per (tick × lot), an integer by the catalog rule. */
  readonly quotePerTickLot: bigint;
  readonly tickUnits: bigint;
  readonly makerRate: bigint;
  readonly takerRate: bigint;
  readonly minNotionalUnits: bigint;
  readonly priceDecimals: number;
  readonly qtyDecimals: number;

  constructor(readonly pair: PairInfo) {
    this.tickUnits = toUnits(pair.tickSize);
    this.lotUnits = toUnits(pair.lotSize);
    this.quotePerTickLot = (this.tickUnits * this.lotUnits) / SCALE;
    if (this.quotePerTickLot * SCALE !== this.tickUnits * this.lotUnits) {
      throw new Error(`${pair.symbol}: tick × lot is finer than a ledger unit`);
    }
    this.makerRate = toUnits(pair.makerFee);
    this.takerRate = toUnits(pair.takerFee);
    this.minNotionalUnits = toUnits(pair.minNotional);
    this.priceDecimals = stepDecimals(pair.tickSize);
    this.qtyDecimals = stepDecimals(pair.lotSize);
  }

  /** Ticks of a price string on the tick grid, or null when it is off the grid or not a number. */
  priceToTicks(price: string): number | null {
    return this.toSteps(price, this.tickUnits);
  }

  /** Lots of a quantity string on the lot grid, or null. */
  qtyToLots(qty: string): number | null {
    return this.toSteps(qty, this.lotUnits);
  }

  /** Quote value, in ledger units, of `lots` at `ticks`. */
  quoteUnits(ticks: number, lots: number): bigint {
    return BigInt(ticks) * BigInt(lots) * this.quotePerTickLot;
  }

  /** Base ledger units of `lots`. */
  baseUnits(lots: number): bigint {
    return BigInt(lots) * this.lotUnits;
  }

  /** Fee on `received` units at a rate in units (1e-8), floored in the user's favour. */
  fee(received: bigint, rate: bigint): bigint {
    return (received * rate) / SCALE;
  }

  price(ticks: number): string {
    return fromUnits(BigInt(ticks) * this.tickUnits, this.priceDecimals);
  }

  qty(lots: number): string {
    return fromUnits(this.baseUnits(lots), this.qtyDecimals);
  }

  private toSteps(value: string, stepUnits: bigint): number | null {
    let units: bigint;
    try {
      units = toUnits(value);
    } catch {
      return null;
    }
    if (units <= 0n || units % stepUnits !== 0n) return null;
    const steps = units / stepUnits;
    return steps <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(steps) : null;
  }
}
