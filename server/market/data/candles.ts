import {
  bucketStart,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  type PairInfo,
} from '../../../domain';
import { makeFormatter, type PairFormatter } from './format';
import { checkTrade, type MarketTrade } from './types';

/** A candle in engine units while it is in memory. */
interface CandleAcc {
  /** Open time, ms since the epoch (bucketStart of the interval). */
  t: number;
  /** Open, high, low, close, in ticks. */
  o: number;
  h: number;
  l: number;
  c: number;
  /** Base volume in lots. BigInt: a week of lots can pass 2^53. */
  v: bigint;
  /** Quote volume in quote units (ticks × lots). */
  qv: bigint;
}

/** A candle that changed, with the interval it belongs to (publish on `candles:SYM:INT`, persist). */
export interface ChangedCandle {
  interval: CandleInterval;
  candle: Candle;
}

/** Default number of candles kept in memory per interval (the K-line page asks for a few hundred). */
export const DEFAULT_MEMORY_CANDLES = 1_000;

/** Construction options of a CandleBook. */
export interface CandleBookOptions {
  pair: Pick<PairInfo, 'symbol' | 'tickSize' | 'lotSize'>;
  /** Candles kept in memory per interval, newest kept; older ones are served by the store. */
  memoryCandles?: number;
  formatter?: PairFormatter;
}

/**
 * Candles of one market for every interval of CANDLE_INTERVALS, built from its trades.
 *
 * A candle opens at the first trade of its bucket (there are no empty filler candles for quiet
 * buckets), so `o` is that trade's price, not the previous close. Trades must come in time order; a
 * trade stamped earlier than the newest candle (a clock step back) is folded into the newest candle
 * rather than reopening a closed one.
 */
export class CandleBook {
  readonly symbol: string;
  readonly #fmt: PairFormatter;
  readonly #cap: number;
  readonly #series = new Map<CandleInterval, CandleAcc[]>();

  constructor(options: CandleBookOptions) {
    this.symbol = options.pair.symbol;
    this.#fmt = options.formatter ?? makeFormatter(options.pair);
    this.#cap = options.memoryCandles ?? DEFAULT_MEMORY_CANDLES;
    if (!Number.isSafeInteger(this.#cap) || this.#cap < 1) throw new RangeError('memoryCandles must be >= 1');
    for (const interval of CANDLE_INTERVALS) this.#series.set(interval, []);
  }

  /**
   * Seeds one interval from persisted candles (any order), before trades flow. Loaded candles replace
   * in-memory ones with the same open time. Throws RangeError when a stored price or quantity is not on
   * the pair's current grid (the tick or lot size was coarsened since): those candles need migrating.
   */
  load(interval: CandleInterval, candles: readonly Candle[]): void {
    const series = this.#get(interval);
    const byTime = new Map(series.map((c) => [c.t, c]));
    for (const candle of candles) byTime.set(candle.t, this.#parse(interval, candle));
    const merged = [...byTime.values()].sort((a, b) => a.t - b.t);
    series.length = 0;
    series.push(...merged.slice(-this.#cap));
  }

  /** Adds one trade to every interval. Returns the updated candle of each interval (all of them). */
  onTrade(trade: MarketTrade): ChangedCandle[] {
    checkTrade(trade);
    const out: ChangedCandle[] = [];
    const price = trade.priceTicks;
    const lots = BigInt(trade.lots);
    const quote = BigInt(price) * lots;
    for (const interval of CANDLE_INTERVALS) {
      const series = this.#get(interval);
      const t = bucketStart(trade.ts, interval);
      let acc = series[series.length - 1];
      if (acc && t <= acc.t) {
        if (price > acc.h) acc.h = price;
        if (price < acc.l) acc.l = price;
        acc.c = price;
        acc.v += lots;
        acc.qv += quote;
      } else {
        acc = { t, o: price, h: price, l: price, c: price, v: lots, qv: quote };
        series.push(acc);
        if (series.length > this.#cap) series.splice(0, series.length - this.#cap);
      }
      out.push({ interval, candle: this.#format(acc) });
    }
    return out;
  }

  /** The newest candle of `interval` (possibly still open), or undefined before any trade. */
  latest(interval: CandleInterval): Candle | undefined {
    const series = this.#get(interval);
    const acc = series[series.length - 1];
    return acc && this.#format(acc);
  }

  /**
   * Up to `limit` of the newest in-memory candles of `interval` that open before `before` (ms,
   * exclusive; all when omitted), oldest first. Fewer than `limit` may mean memory ran out, not
   * history: `candleHistory` continues from a CandleStore.
   */
  history(interval: CandleInterval, before: number | undefined, limit: number): Candle[] {
    const series = this.#get(interval);
    let end = series.length;
    if (before !== undefined) {
      // Binary search for the first candle at or after `before`.
      let lo = 0;
      while (lo < end) {
        const mid = (lo + end) >>> 1;
        if (series[mid]!.t < before) lo = mid + 1;
        else end = mid;
      }
    }
    const start = Math.max(0, end - Math.max(0, Math.floor(limit)));
    return series.slice(start, end).map((acc) => this.#format(acc));
  }

  /** Open time of the oldest candle in memory for `interval`, or undefined when there is none. */
  oldestInMemory(interval: CandleInterval): number | undefined {
    return this.#get(interval)[0]?.t;
  }

  #get(interval: CandleInterval): CandleAcc[] {
    const series = this.#series.get(interval);
    if (!series) throw new RangeError(`unknown candle interval: ${String(interval)}`);
    return series;
  }

  #format(acc: CandleAcc): Candle {
    const f = this.#fmt;
    return {
      t: acc.t,
      o: f.ticksToPrice(acc.o),
      h: f.ticksToPrice(acc.h),
      l: f.ticksToPrice(acc.l),
      c: f.ticksToPrice(acc.c),
      v: f.lotsToQty(acc.v),
      qv: f.quoteUnitsToAmount(acc.qv),
    };
  }

  #parse(interval: CandleInterval, candle: Candle): CandleAcc {
    const f = this.#fmt;
    const [o, h, l, c] = [candle.o, candle.h, candle.l, candle.c].map((p) => f.priceToTicks(p));
    const v = parseScaled(candle.v, f.qtyDecimals);
    const qv = parseScaled(candle.qv, f.amountDecimals);
    const fits =
      o && h && l && c && v !== null && qv !== null && bucketStart(candle.t, interval) === candle.t;
    if (!fits) {
      throw new RangeError(`${this.symbol} ${interval} candle ${candle.t} does not fit the pair's grid`);
    }
    // Volumes are whole lots / quote units only when they divide by the step units; check exactly.
    const lots = this.#units(v, f.lotsToQty(1), f.qtyDecimals);
    const units = this.#units(qv, f.quoteUnitsToAmount(1), f.amountDecimals);
    if (lots === null || units === null) {
      throw new RangeError(`${this.symbol} ${interval} candle ${candle.t} volume is off the lot grid`);
    }
    return { t: candle.t, o: o!, h: h!, l: l!, c: c!, v: lots, qv: units };
  }

  /** `scaled` (in 10^-decimals) divided by one step (its string), or null when not a whole number. */
  #units(scaled: bigint, oneStep: string, decimals: number): bigint | null {
    const step = parseScaled(oneStep, decimals)!;
    return scaled % step === 0n ? scaled / step : null;
  }
}

/** A plain non-negative decimal with at most `decimals` places as an integer of 10^-decimals, else null. */
function parseScaled(text: string, decimals: number): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (!/^0*$/.test(frac.slice(decimals))) return null;
  return BigInt(m[1]! + frac.slice(0, decimals).padEnd(decimals, '0'));
}
