import type { Database as SqliteDb } from 'better-sqlite3';
import { fromUnits, stepDecimals, toUnits, type PairInfo } from '../../domain';
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

  constructor(
    sqlite: SqliteDb,
    pairs: readonly PairInfo[],
    private readonly now: () => number = Date.now,
  ) {
    for (const p of pairs) {
      this.tickUnits.set(p.symbol, { units: toUnits(p.tickSize), decimals: stepDecimals(p.tickSize) });
    }
    this.trades = tradeLog(sqlite);
    for (const p of pairs) {
      const row = this.trades.lastTrade(p.symbol);
      if (row) this.lastBySymbol.set(p.symbol, this.toTrade(row));
    }
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
  after(symbol: string, afterId: number, limit = 10_000): TapeTrade[] {
    return this.trades.tradesSince(symbol, afterId, limit).map((r) => this.toTrade(r));
  }

  /** The last stored trade of a market at or before `ts` (epoch ms), or undefined. */
  atOrBefore(symbol: string, ts: number): TapeTrade | undefined {
    const row = this.trades.tradeAtOrBefore(symbol, ts);
    return row && this.toTrade(row);
  }

  /** A stored trade by id, or undefined. */
  byId(id: number): TapeTrade | undefined {
    const row = this.trades.tradeById(id);
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
