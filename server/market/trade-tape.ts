import { fromUnits, stepDecimals, toUnits, type PairInfo } from '../../domain';
import type { Engine } from '../db';
import { fail } from '../http';
import { tradeLog, type TapeRow, type TradeLog } from '../trade';

/**
 * One committed spot trade as the contract and option areas see it: the price that settles
 * positions and options (DESIGN.md "one price for contracts and options").
 */
export interface TapeTrade {
  /** `spot_trades.id`: a receipt names the trade by this id. */
  id: number;
  symbol: string;
  /** Price in ticks of the pair. */
  priceTicks: number;
  /** Price as a decimal string in quote per base. */
  price: string;
  /** Quantity in lots of the pair. */
  lots: number;
  /** Trade time, epoch milliseconds. */
  ts: number;
}

/** Receives the trades of one committed spot batch for one market, oldest first. */
export type TapeListener = (symbol: string, trades: readonly TapeTrade[]) => void;

type Row = TapeRow;

/**
 * The tape of committed spot trades, per market: the last trade, listeners called after each spot
 * batch commits (in trade order), and reads of stored trades for catch-up after a restart and for
 * "the last trade at or before an instant". Only trades of our own books enter it; nothing else
 * can set a contract or option price.
 */
export class TradeTape {
  private readonly lastBySymbol = new Map<string, TapeTrade>();
  private readonly tickUnits = new Map<string, { units: bigint; decimals: number }>();
  private readonly listeners: TapeListener[] = [];
  private readonly trades: TradeLog;

  private constructor(
    engine: Engine,
    pairs: readonly PairInfo[],
    private readonly now: () => number,
  ) {
    for (const p of pairs) {
      this.tickUnits.set(p.symbol, { units: toUnits(p.tickSize), decimals: stepDecimals(p.tickSize) });
    }
    this.trades = tradeLog(engine);
  }

  /** The tape of `pairs`, starting from each market's last committed trade. */
  static async open(
    engine: Engine,
    pairs: readonly PairInfo[],
    now: () => number = Date.now,
  ): Promise<TradeTape> {
    const tape = new TradeTape(engine, pairs, now);
    for (const p of pairs) {
      const row = await tape.trades.lastTrade(p.symbol);
      if (row) tape.lastBySymbol.set(p.symbol, tape.toTrade(row));
    }
    return tape;
  }

  /** Adds a listener for committed trades; it runs synchronously after each spot batch. */
  onTrades(listener: TapeListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /**
   * Called by the spot area after a batch commits, with that batch's trades in id order. A listener
   * that throws is reported to `onError` and does not stop the others.
   */
  record(
    trades: readonly { id: number; symbol: string; priceTicks: number; lots: number; ts: number }[],
    onError: (err: unknown) => void = () => {},
  ): void {
    const bySymbol = new Map<string, TapeTrade[]>();
    for (const t of trades) {
      const tape = this.make(t.id, t.symbol, t.priceTicks, t.lots, t.ts);
      this.lastBySymbol.set(t.symbol, tape);
      let list = bySymbol.get(t.symbol);
      if (!list) bySymbol.set(t.symbol, (list = []));
      list.push(tape);
    }
    for (const [symbol, list] of bySymbol) {
      for (const listener of this.listeners) {
        try {
          listener(symbol, list);
        } catch (err) {
          onError(err);
        }
      }
    }
  }

  /** The last committed trade of a market, or undefined when it has none. */
  last(symbol: string): TapeTrade | undefined {
    return this.lastBySymbol.get(symbol);
  }

  /**
   * The contract price of a market now: its last trade, if that is at most `maxAgeMs` old.
   * Otherwise refuses with the spec §8 text "no optimal price at present" (`noOptimalPrice`).
   */
  price(symbol: string, maxAgeMs: number): TapeTrade {
    const last = this.lastBySymbol.get(symbol);
    if (!last || this.now() - last.ts > maxAgeMs) throw fail('noOptimalPrice');
    return last;
  }

  /** Stored trades of a market after trade id `afterId`, oldest first (catch-up after a restart). */
  async after(symbol: string, afterId: number, limit = 10_000): Promise<TapeTrade[]> {
    return (await this.trades.tradesSince(symbol, afterId, limit)).map((r) => this.toTrade(r));
  }

  /** The last stored trade of a market at or before `ts` (epoch ms), or undefined. */
  async atOrBefore(symbol: string, ts: number): Promise<TapeTrade | undefined> {
    const row = await this.trades.tradeAtOrBefore(symbol, ts);
    return row && this.toTrade(row);
  }

  /** A stored trade by id, or undefined. */
  async byId(id: number): Promise<TapeTrade | undefined> {
    const row = await this.trades.tradeById(id);
    return row && this.toTrade(row);
  }

  private toTrade(r: Row): TapeTrade {
    return this.make(Number(r.id), r.symbol, Number(r.price_ticks), Number(r.lots), Number(r.ts));
  }

  private make(id: number, symbol: string, priceTicks: number, lots: number, ts: number): TapeTrade {
    const tick = this.tickUnits.get(symbol) ?? { units: 0n, decimals: 0 };
    const price = fromUnits(BigInt(priceTicks) * tick.units, tick.decimals);
    return { id, symbol, priceTicks, price, lots, ts };
  }
}
