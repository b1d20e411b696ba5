import { checkTrade, type MarketTrade } from './types';

/** Trades of one minute, aggregated. */
interface MinuteBucket {
  /** Minute start, ms since the epoch. */
  m: number;
  /** First trade's price in ticks (the window's open when this is the oldest bucket). */
  o: number;
  h: number;
  l: number;
  /** Base volume in lots. */
  v: bigint;
  /** Quote volume in quote units (ticks × lots). */
  qv: bigint;
}

/** 24-hour statistics in engine units. Prices in ticks, volumes in lots and quote units. */
export interface WindowStats {
  last: number;
  open: number;
  high: number;
  low: number;
  volume: bigint;
  quoteVolume: bigint;
  /** Time of the latest trade, ms since the epoch. */
  lastTs: number;
}

const MINUTE_MS = 60_000;
/** The ticker window, in milliseconds. */
export const TICKER_WINDOW_MS = 86_400_000;

/**
 * A rolling window of one market's trades, kept as per-minute buckets so memory is bounded
 * (window / 1 minute buckets, 1 440 for 24 h) no matter how many trades happen.
 *
 * Granularity is one minute: a minute's bucket leaves the window once its start is `windowMs` old,
 * so a trade leaves between 0 and 60 s before it is exactly `windowMs` old – never late.
 */
export class TickerWindow {
  readonly #windowMs: number;
  /** Buckets oldest first; `#head` is the first live one (expired ones are dropped lazily). */
  #buckets: MinuteBucket[] = [];
  #head = 0;
  #last: number | undefined;
  #lastTs = 0;

  constructor(windowMs: number = TICKER_WINDOW_MS) {
    if (!Number.isSafeInteger(windowMs) || windowMs < MINUTE_MS)
      throw new RangeError('windowMs must be >= 1 minute');
    this.#windowMs = windowMs;
  }

  /** Whether any trade was ever seen (a market without one has no ticker). */
  get hasTrades(): boolean {
    return this.#last !== undefined;
  }

  /** Adds a trade. A trade stamped before the latest one (a clock step back) counts as the latest minute. */
  add(trade: MarketTrade): void {
    checkTrade(trade);
    const ts = Math.max(trade.ts, this.#lastTs);
    const m = Math.floor(ts / MINUTE_MS) * MINUTE_MS;
    const p = trade.priceTicks;
    const lots = BigInt(trade.lots);
    const tail = this.#buckets[this.#buckets.length - 1];
    if (tail && tail.m === m && this.#buckets.length > this.#head) {
      if (p > tail.h) tail.h = p;
      if (p < tail.l) tail.l = p;
      tail.v += lots;
      tail.qv += BigInt(p) * lots;
    } else {
      this.#buckets.push({ m, o: p, h: p, l: p, v: lots, qv: BigInt(p) * lots });
    }
    this.#last = p;
    this.#lastTs = ts;
  }

  /** Drops the buckets that left the window at `now`. Returns true when any did. */
  expire(now: number): boolean {
    const start = this.#head;
    while (this.#head < this.#buckets.length && now - this.#buckets[this.#head]!.m >= this.#windowMs)
      this.#head++;
    if (this.#head === start) return false;
    // Compact now and then so the array does not grow without bound.
    if (this.#head > 256 && this.#head * 2 > this.#buckets.length) {
      this.#buckets = this.#buckets.slice(this.#head);
      this.#head = 0;
    }
    return true;
  }

  /** Live buckets (for tests and memory checks). */
  get bucketCount(): number {
    return this.#buckets.length - this.#head;
  }

  /**
   * Statistics over the live buckets (call `expire` first). With no trade in the window, the last
   * price stands for open, high and low and volumes are 0. Undefined before the first trade.
   */
  stats(): WindowStats | undefined {
    if (this.#last === undefined) return undefined;
    const last = this.#last;
    const live = this.#buckets.length - this.#head;
    const s: WindowStats = {
      last,
      open: live > 0 ? this.#buckets[this.#head]!.o : last,
      high: last,
      low: last,
      volume: 0n,
      quoteVolume: 0n,
      lastTs: this.#lastTs,
    };
    for (let i = this.#head; i < this.#buckets.length; i++) {
      const b = this.#buckets[i]!;
      if (b.h > s.high) s.high = b.h;
      if (b.l < s.low) s.low = b.l;
      s.volume += b.v;
      s.quoteVolume += b.qv;
    }
    return s;
  }
}

/**
 * Percent change from `open` to `last` (ticks, open > 0) with two decimals, truncated toward zero:
 * +1.239 % → `1.23`, -1.239 % → `-1.23`, -0.004 % → `0.00`. Exact (BigInt) arithmetic.
 */
export function changePct(open: number, last: number): string {
  if (!(open > 0)) throw new RangeError(`open must be positive, got ${open}`);
  // Hundredths of a percent: diff / open × 100 × 100; BigInt division truncates toward zero.
  const bp = (BigInt(last - open) * 10_000n) / BigInt(open);
  const abs = bp < 0n ? -bp : bp;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return bp < 0n ? `-${text}` : text;
}
