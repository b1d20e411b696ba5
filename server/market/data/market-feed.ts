import { channels, type DepthDiff, type PairInfo, type TradeTick } from '../../../domain';
import type { Side } from '../engine/types';
import type { CandleRow, CandleStore } from './candle-store';
import { CandleBook, type ChangedCandle } from './candles';
import { DepthFeed } from './depth-feed';
import { makeFormatter, type PairFormatter } from './format';
import type { TickerBoard } from './tickers';
import { TradesFeed } from './trades-feed';
import { NO_PUBLISH, type MarketTrade, type PublishFn } from './types';

/** Construction options of a MarketFeed. */
export interface MarketFeedOptions {
  pair: Pick<PairInfo, 'symbol' | 'tickSize' | 'lotSize'>;
  publish?: PublishFn;
  /** The shared board of all markets; this feed reports its trades there. */
  tickers?: TickerBoard;
  /** When given, changed candles are saved (one `saveMany` per commit). */
  candleStore?: CandleStore;
  /** Told of a candle save the database refused (logging); the default ignores it. */
  onSaveError?: (err: unknown) => void;
  /** Passed to DepthFeed. */
  startSeq?: number;
  recentTrades?: number;
  memoryCandles?: number;
}

/** What one `commit()` produced (already published). */
export interface CommitResult {
  depth: DepthDiff | undefined;
  trades: TradeTick[];
  /** Newest state of each candle touched by the batch, one per (interval, open time). */
  candles: ChangedCandle[];
}

/**
 * All public market data of one market behind one small surface for the order service:
 *
 * 1. during an engine call, forward the engine listener's `level(side, ticks, lots)` to `level`;
 * 2. once the trades are recorded (ids and times assigned), pass each to `trade`, in order;
 * 3. after the engine call (or a batch of calls), call `commit()`: it publishes one depth diff, then
 *    the trade ticks, then the changed candles, saves the candles, and updates the ticker board.
 *
 * Everything is synchronous and single-writer per market, like the engine itself.
 */
export class MarketFeed {
  readonly symbol: string;
  readonly formatter: PairFormatter;
  readonly depth: DepthFeed;
  readonly trades: TradesFeed;
  readonly candles: CandleBook;
  readonly #publish: PublishFn;
  readonly #tickers: TickerBoard | undefined;
  readonly #store: CandleStore | undefined;
  readonly #onSaveError: (err: unknown) => void;
  #pendingTrades: MarketTrade[] = [];

  constructor(options: MarketFeedOptions) {
    const { pair } = options;
    this.symbol = pair.symbol;
    this.formatter = makeFormatter(pair);
    this.#publish = options.publish ?? NO_PUBLISH;
    this.#tickers = options.tickers;
    this.#store = options.candleStore;
    this.#onSaveError = options.onSaveError ?? (() => {});
    const common = { pair, formatter: this.formatter, publish: this.#publish };
    this.depth = new DepthFeed({ ...common, startSeq: options.startSeq ?? 0 });
    this.trades = new TradesFeed({ ...common, capacity: options.recentTrades });
    this.candles = new CandleBook({ ...common, memoryCandles: options.memoryCandles });
    this.#tickers?.addMarket(pair, this.formatter);
  }

  /** Engine listener `level` event. */
  level(side: Side, priceTicks: number, totalLots: number): void {
    this.depth.level(side, priceTicks, totalLots);
  }

  /** A recorded trade of the current batch (published at `commit`). */
  trade(trade: MarketTrade): void {
    this.#pendingTrades.push(trade);
  }

  /** Publishes and persists everything of the current batch; see the class comment for the order. */
  commit(): CommitResult {
    const depth = this.depth.flush();
    const batch = this.#pendingTrades;
    this.#pendingTrades = [];
    const trades: TradeTick[] = [];
    // Keyed by interval + open time so a batch that crosses a bucket boundary keeps both candles.
    const touched = new Map<string, ChangedCandle>();
    for (const t of batch) {
      trades.push(this.trades.push(t));
      for (const c of this.candles.onTrade(t)) touched.set(`${c.interval}@${c.candle.t}`, c);
      this.#tickers?.onTrade(this.symbol, t);
    }
    const candles = [...touched.values()];
    if (this.#store && candles.length > 0) {
      const rows: CandleRow[] = candles.map((c) => ({ symbol: this.symbol, ...c }));
      // Candles are history beside the trades, which are committed already: a save the database
      // refuses is logged and the next change of the candle saves it again.
      this.#store.saveMany(rows).catch((err: unknown) => this.#onSaveError(err));
    }
    for (const c of candles) this.#publish(channels.candles(this.symbol, c.interval), c.candle);
    return { depth, trades, candles };
  }
}
