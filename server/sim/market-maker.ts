import { fromUnits, seededRandom, type PlaceOrderReq } from '../../domain';
import type { OrderService } from '../trade/module';
import type { PairUnits } from '../shared/units';

/** Settings of the market-maker simulator. */
export interface MarketMakerOptions {
  /** User id of the bot that quotes both sides. */
  makerUserId: number;
  /** User id of the bot that takes liquidity (a different user, so self-trade prevention stays out of the way). */
  takerUserId: number;
  /** Starting reference price per market, as a decimal string. */
  startPrices: Record<string, string>;
  /** Levels quoted per side. */
  levels?: number;
  /** Standard deviation of one random-walk step, as a fraction of the price. */
  volatility?: number;
  /** Chance per step that the taker bot sends a market order. */
  takeChance?: number;
  seed?: number;
}

interface SimMarket {
  symbol: string;
  units: PairUnits;
  /** Reference price, in ticks. */
  ref: number;
  /** Resting bot orders: id → price in ticks. */
  open: Map<number, number>;
}

/**
 * SIMULATOR. Bots that quote and trade through the real order service around a random-walk reference
 * price, so books, trades and candles are genuine engine output (never injected prices). It stands
 * in for outside market makers, which a demo machine cannot reach. Off in production.
 */
export class MarketMakerSim {
  private readonly markets: SimMarket[] = [];
  private readonly rand: () => number;
  private readonly levels: number;
  private readonly volatility: number;
  private readonly takeChance: number;
  /** The markets' state read from the order service, once, before the first fill or step. */
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly orders: OrderService,
    private readonly opts: MarketMakerOptions,
  ) {
    this.rand = seededRandom(opts.seed ?? Date.now());
    this.levels = opts.levels ?? 8;
    this.volatility = opts.volatility ?? 0.0008;
    this.takeChance = opts.takeChance ?? 0.6;
  }

  /** Reads the bot's open quotes and each market's last trade (committed state, outside any command). */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      for (const [symbol, price] of Object.entries(this.opts.startPrices)) {
        const units = this.orders.unitsOf(symbol);
        const ref = units?.priceToTicks(price);
        if (!units || !ref) continue;
        const open = new Map<number, number>();
        const quotes = await this.orders.orders.ordersOf(
          this.opts.makerUserId,
          'open',
          symbol,
          Number.MAX_SAFE_INTEGER,
          1000,
        );
        for (const o of quotes) open.set(o.id, o.priceTicks ?? 0);
        // After a restart, continue from the market's own last trade rather than the catalog start.
        const last = (await this.orders.orders.recentTrades(symbol, 1))[0];
        this.markets.push({ symbol, units, ref: last?.priceTicks ?? ref, open });
      }
    })();
    return this.loaded;
  }

  /** Levels quoted per side. */
  get depth(): number {
    return this.levels;
  }

  /**
   * Quotes the full ladder of every market around its current reference, without moving it,
   * cancelling at random or taking: the book a first visitor should see. Run before the server
   * accepts requests (after a restart, quotes left far from the last trade are replaced).
   */
  async fill(): Promise<void> {
    await this.load();
    await Promise.all(this.markets.map((m) => this.requote(m, 0)));
  }

  /** One simulation step for every market: move the reference, requote, maybe take. */
  async step(): Promise<void> {
    await this.load();
    await Promise.all(this.markets.map((m) => this.stepMarket(m)));
  }

  private async stepMarket(m: SimMarket): Promise<void> {
    const gauss = Math.sqrt(-2 * Math.log(this.rand() || 1e-12)) * Math.cos(2 * Math.PI * this.rand());
    m.ref = Math.max(this.levels + 2, Math.round(m.ref * (1 + gauss * this.volatility)));
    // A few quotes are cancelled at random so the book breathes.
    await this.requote(m, 0.15);
    if (this.rand() < this.takeChance) await this.take(m);
  }

  /** Cancels quotes that drifted away from the reference (and each other one with `churn` odds), then fills every missing level. */
  private async requote(m: SimMarket, churn: number): Promise<void> {
    const step = Math.max(1, Math.round(m.ref * 0.0005));
    // Quotes that traded away are gone from the book: forget them, or their prices would count as
    // quoted and stay empty (a market order sweeping one side left it bare for many steps).
    for (const id of [...m.open.keys()]) {
      if ((await this.orders.orders.get(id))?.status !== 'open') m.open.delete(id);
    }
    const stale = [...m.open].filter(
      ([, ticks]) => Math.abs(ticks - m.ref) > step * (this.levels + 2) || (churn > 0 && this.rand() < churn),
    );
    await Promise.all(
      stale.map(([id]) => {
        m.open.delete(id);
        return this.orders.cancel(this.opts.makerUserId, id).catch(() => undefined);
      }),
    );

    const places: Array<Promise<void>> = [];
    const prices = new Set(m.open.values());
    for (let i = 1; i <= this.levels; i++) {
      for (const side of ['buy', 'sell'] as const) {
        const ticks = side === 'buy' ? m.ref - i * step : m.ref + i * step;
        if (ticks < 1 || prices.has(ticks)) continue;
        places.push(this.quote(m, side, ticks));
      }
    }
    await Promise.all(places);
  }

  private lotsFor(m: SimMarket, ticks: number, factor: number): number {
    const perLot = m.units.quoteUnits(ticks, 1);
    const minLots = Number(m.units.minNotionalUnits / perLot) + 1;
    return Math.max(1, Math.round(minLots * factor));
  }

  private async quote(m: SimMarket, side: 'buy' | 'sell', ticks: number): Promise<void> {
    const lots = this.lotsFor(m, ticks, 1 + this.rand() * 200);
    const req: PlaceOrderReq = {
      symbol: m.symbol,
      side,
      type: 'limit',
      price: m.units.price(ticks),
      qty: m.units.qty(lots),
    };
    try {
      const o = await this.orders.place(this.opts.makerUserId, req);
      if (o.status === 'open') m.open.set(o.id, ticks);
    } catch {
      // A refused quote (for example a balance running low) just leaves that level empty this step.
    }
  }

  private async take(m: SimMarket): Promise<void> {
    const side = this.rand() < 0.5 ? 'buy' : 'sell';
    const lots = this.lotsFor(m, m.ref, 1 + this.rand() * 40);
    const req: PlaceOrderReq =
      side === 'buy'
        ? { symbol: m.symbol, side, type: 'market', amount: fromUnits(m.units.quoteUnits(m.ref, lots)) }
        : { symbol: m.symbol, side, type: 'market', qty: m.units.qty(lots) };
    await this.orders.place(this.opts.takerUserId, req).catch(() => undefined);
  }
}
