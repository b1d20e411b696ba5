import { channels, type PairInfo, type Ticker } from '../../../domain';
import { makeFormatter, type PairFormatter } from './format';
import { changePct, TICKER_WINDOW_MS, TickerWindow } from './ticker-window';
import { NO_PUBLISH, type MarketTrade, type PublishFn } from './types';

/** Construction options of a TickerBoard. */
export interface TickerBoardOptions {
  /** Receives arrays of changed tickers on the `tickers` channel, from `flush()`. */
  publish?: PublishFn;
  /** Rolling window length in ms; 24 h by default (tests shorten it). */
  windowMs?: number;
}

interface MarketState {
  fmt: PairFormatter;
  window: TickerWindow;
  /** Trades or expiry changed the stats since `current` was computed. */
  dirty: boolean;
  /** Latest computed ticker. */
  current: Ticker | undefined;
  /** Content key of the ticker last returned by `changed()`, to send only real changes. */
  sentKey: string | undefined;
}

/** Everything except `ts`, which moves on every recomputation. */
const contentKey = (t: Ticker) =>
  [t.last, t.open, t.high, t.low, t.volume, t.quoteVolume, t.changePct].join('|');

/**
 * Rolling 24-hour tickers of all markets, for the `tickers` channel and the market list.
 *
 * `onTrade` only marks a market dirty; the stats are recomputed lazily by `all`, `changed` and
 * `flush`, so a burst of trades costs one recomputation. The caller throttles publication by calling
 * `flush(now)` on a timer (e.g. every second); each flush publishes one array of the tickers whose
 * content changed since the previous flush (trades or trades leaving the window), or nothing.
 * A market has no ticker until its first trade.
 */
export class TickerBoard {
  readonly #publish: PublishFn;
  readonly #windowMs: number;
  readonly #markets = new Map<string, MarketState>();

  constructor(options: TickerBoardOptions = {}) {
    this.#publish = options.publish ?? NO_PUBLISH;
    this.#windowMs = options.windowMs ?? TICKER_WINDOW_MS;
  }

  /** Declares a market (idempotent; a second call with the same symbol keeps its window). */
  addMarket(pair: Pick<PairInfo, 'symbol' | 'tickSize' | 'lotSize'>, formatter?: PairFormatter): void {
    if (this.#markets.has(pair.symbol)) return;
    this.#markets.set(pair.symbol, {
      fmt: formatter ?? makeFormatter(pair),
      window: new TickerWindow(this.#windowMs),
      dirty: false,
      current: undefined,
      sentKey: undefined,
    });
  }

  /**
   * Adds a trade of `symbol`. At start-up, replay the persisted trades of the last 24 h through here
   * (oldest first) to rebuild the window. Throws on an unknown market.
   */
  onTrade(symbol: string, trade: MarketTrade): void {
    const m = this.#market(symbol);
    m.window.add(trade);
    m.dirty = true;
  }

  /** The ticker of `symbol` at `now`, or undefined before its first trade. */
  get(symbol: string, now: number): Ticker | undefined {
    return this.#refresh(this.#market(symbol), now);
  }

  /** Tickers of every market that has traded, at `now`, in the order markets were added. */
  all(now: number): Ticker[] {
    const out: Ticker[] = [];
    for (const m of this.#markets.values()) {
      const t = this.#refresh(m, now);
      if (t) out.push(t);
    }
    return out;
  }

  /** Tickers whose content changed since the previous `changed`/`flush` call, and marks them sent. */
  changed(now: number): Ticker[] {
    const out: Ticker[] = [];
    for (const m of this.#markets.values()) {
      const t = this.#refresh(m, now);
      if (!t) continue;
      const key = contentKey(t);
      if (key === m.sentKey) continue;
      m.sentKey = key;
      out.push(t);
    }
    return out;
  }

  /** `changed(now)`, published on the `tickers` channel when not empty. Returns what was published. */
  flush(now: number): Ticker[] {
    const list = this.changed(now);
    if (list.length > 0) this.#publish(channels.tickers, list);
    return list;
  }

  #market(symbol: string): MarketState {
    const m = this.#markets.get(symbol);
    if (!m) throw new RangeError(`unknown market: ${symbol}`);
    return m;
  }

  #refresh(m: MarketState, now: number): Ticker | undefined {
    if (m.window.expire(now)) m.dirty = true;
    if (!m.dirty) return m.current;
    m.dirty = false;
    const s = m.window.stats();
    if (!s) return (m.current = undefined);
    const f = m.fmt;
    m.current = {
      symbol: f.symbol,
      last: f.ticksToPrice(s.last),
      open: f.ticksToPrice(s.open),
      high: f.ticksToPrice(s.high),
      low: f.ticksToPrice(s.low),
      volume: f.lotsToQty(s.volume),
      quoteVolume: f.quoteUnitsToAmount(s.quoteVolume),
      changePct: changePct(s.open, s.last),
      ts: now,
    };
    return m.current;
  }
}
