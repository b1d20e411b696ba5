import { channels, type PairInfo, type TradeTick } from '../../../domain';
import { makeFormatter, type PairFormatter } from './format';
import { checkTrade, NO_PUBLISH, type MarketTrade, type PublishFn } from './types';

/** Default number of recent trades kept per market for the REST snapshot. */
export const DEFAULT_RECENT_TRADES = 100;

/** Construction options of a TradesFeed. */
export interface TradesFeedOptions {
  pair: Pick<PairInfo, 'symbol' | 'tickSize' | 'lotSize'>;
  /** Receives one TradeTick per trade on `trades:SYMBOL`. */
  publish?: PublishFn;
  /** Ring buffer size. */
  capacity?: number;
  formatter?: PairFormatter;
}

/** Public trades of one market: a ring buffer of the latest ticks plus the `trades:SYM` stream. */
export class TradesFeed {
  readonly symbol: string;
  readonly #fmt: PairFormatter;
  readonly #publish: PublishFn;
  readonly #channel: string;
  readonly #ring: Array<TradeTick | undefined>;
  /** Index the next tick goes to. */
  #next = 0;
  #count = 0;

  constructor(options: TradesFeedOptions) {
    this.symbol = options.pair.symbol;
    this.#fmt = options.formatter ?? makeFormatter(options.pair);
    this.#publish = options.publish ?? NO_PUBLISH;
    this.#channel = channels.trades(this.symbol);
    const capacity = options.capacity ?? DEFAULT_RECENT_TRADES;
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError('capacity must be >= 1');
    this.#ring = new Array<TradeTick | undefined>(capacity).fill(undefined);
  }

  /** Formats a trade, remembers it and publishes it. Returns the tick. */
  push(trade: MarketTrade): TradeTick {
    const tick = this.#remember(trade);
    this.#publish(this.#channel, tick);
    return tick;
  }

  /** Seeds the buffer from persisted trades (oldest first) without publishing (start-up). */
  load(trades: readonly MarketTrade[]): void {
    for (const t of trades) this.#remember(t);
  }

  /** Up to `limit` latest ticks, newest first. */
  recent(limit: number = this.#ring.length): TradeTick[] {
    const n = Math.min(Math.max(0, Math.floor(limit)), this.#count);
    const out: TradeTick[] = [];
    const cap = this.#ring.length;
    for (let i = 1; i <= n; i++) out.push(this.#ring[(this.#next - i + cap) % cap]!);
    return out;
  }

  #remember(trade: MarketTrade): TradeTick {
    checkTrade(trade);
    const tick: TradeTick = {
      id: trade.id,
      symbol: this.symbol,
      price: this.#fmt.ticksToPrice(trade.priceTicks),
      qty: this.#fmt.lotsToQty(trade.lots),
      side: trade.takerSide,
      ts: trade.ts,
    };
    this.#ring[this.#next] = tick;
    this.#next = (this.#next + 1) % this.#ring.length;
    this.#count = Math.min(this.#count + 1, this.#ring.length);
    return tick;
  }
}
