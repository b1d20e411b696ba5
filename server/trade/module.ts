import { channels, type PrivateEvent } from '../../domain';
import type { Ledger } from '../ledger';
import {
  type Catalog,
  loadCandles,
  MarketFeed,
  DbCandleStore,
  TICKER_WINDOW_MS,
  type MarketTrade,
  type TickerBoard,
  registerMarketRoutes,
} from '../market';
import type { ServerContext, ServerModule } from '../module';
import { balancePusher } from '../shared/balance-push';
import { openSpotDesk } from './desk';
import { toSpotOrder } from './dto';
import { OrderService, type BatchOutput } from './order-service';
import type { TradeRow } from './order-store';
import { registerTradeRoutes } from './routes';
import { spotMigration } from './schema';
import { spotBaseline } from './baseline';

/** How often tickers are published and the simulator steps, in milliseconds. */
export const TICKER_FLUSH_MS = 1_000;
export const SIM_STEP_MS = 1_000;

/**
 * What demo mode adds to the spot market (server/sim implements it; app.ts plugs it in, so this
 * production module never imports the simulators): `prepare` seeds the demo accounts and the first
 * full ladder before the server listens, `start` runs the market maker's steps, `stop` ends them
 * before the order service closes.
 */
export interface SpotSimulator {
  prepare(ctx: ServerContext, orders: OrderService): Promise<void>;
  start(ctx: ServerContext, orders: OrderService): void;
  stop(): void | Promise<void>;
}

/** Options of the spot area. */
export interface SpotModuleOptions {
  /** The demo-mode market simulator; without it the spot market only has its users' orders. */
  simulator?: SpotSimulator;
}

const toMarketTrade = (t: TradeRow): MarketTrade => ({
  id: t.id,
  priceTicks: t.priceTicks,
  lots: t.lots,
  takerSide: t.takerSide,
  ts: t.ts,
});

/** Builds the spot area: catalog, ledger, order service, market data, routes, channels, simulator. */
export function createSpotModule(options: SpotModuleOptions = {}): ServerModule & { service?: OrderService } {
  let catalog: Catalog;
  let ledger: Ledger;
  let orders: OrderService;
  let tickers: TickerBoard;
  const feeds = new Map<string, MarketFeed>();
  const timers: NodeJS.Timeout[] = [];
  let pushBalances: (userId: number) => void;

  function publishBatch(ctx: ServerContext, out: BatchOutput): void {
    for (const [symbol, levels] of out.levels) {
      const feed = feeds.get(symbol)!;
      for (const [side, ticks, lots] of levels) feed.level(side, ticks, lots);
    }
    for (const t of out.trades) feeds.get(t.symbol)!.trade(toMarketTrade(t));
    // Contracts and options settle on these trades; a failing listener is logged, never fatal here.
    if (out.trades.length > 0)
      ctx.tape.record(out.trades, (err) => ctx.log.error({ err }, 'trade listener failed'));
    const touched = new Set([...out.levels.keys(), ...out.trades.map((t) => t.symbol)]);
    for (const symbol of touched) feeds.get(symbol)!.commit();

    for (const row of out.rows) {
      const units = orders.unitsOf(row.symbol);
      if (!units || !ctx.hub.hasSubscribers(channels.private)) continue;
      const event: PrivateEvent = { type: 'order', order: toSpotOrder(row, units) };
      ctx.hub.publishToUser(row.userId, channels.private, event);
    }
    if (!ctx.hub.hasSubscribers(channels.private)) return;
    for (const userId of out.users) pushBalances(userId);
  }

  const mod: ServerModule & { service?: OrderService } = {
    name: 'spot',
    migrations: [spotMigration, spotBaseline],
    async register(ctx) {
      // The ledger, catalog and tickers are built once in app.ts and shared with the other areas.
      catalog = ctx.catalog;
      ledger = ctx.ledger;
      orders = await OrderService.open(ctx.engine, ledger, catalog.pairs);
      mod.service = orders;
      openSpotDesk(ctx.engine, orders);
      pushBalances = balancePusher(ctx);
      const publish = (ch: string, data: unknown) => ctx.hub.publish(ch, data);
      tickers = ctx.tickers;
      const candleStore = new DbCandleStore(ctx.engine);
      const now = Date.now();
      for (const pair of catalog.pairs) {
        const feed = new MarketFeed({
          pair,
          publish,
          tickers,
          candleStore,
          onSaveError: (err) => ctx.log.warn({ err }, 'candle save refused'),
        });
        feed.depth.reset(orders.engine(pair.symbol)!.snapshot());
        await loadCandles(feed.candles, candleStore, 1_000);
        feed.trades.load((await orders.orders.recentTrades(pair.symbol, 100)).reverse().map(toMarketTrade));
        for (const t of await orders.orders.tradesSince(pair.symbol, now - TICKER_WINDOW_MS)) {
          tickers.onTrade(pair.symbol, toMarketTrade(t));
        }
        feeds.set(pair.symbol, feed);
      }
      orders.onBatch((out) => publishBatch(ctx, out));

      const feedOf = (ch: string) => feeds.get(ch.slice(ch.indexOf(':') + 1));
      ctx.hub.onSubscribe('depth:*', (ch) => feedOf(ch)?.depth.snapshot(), { coalesce: true });
      ctx.hub.onSubscribe('trades:*', (ch) => feedOf(ch)?.trades.recent());
      ctx.hub.onSubscribe('candles:*', (ch) => {
        const [, symbol, interval] = ch.split(':');
        return feeds.get(symbol ?? '')?.candles.latest(interval as never);
      });
      ctx.hub.onSubscribe(channels.tickers, () => tickers.all(Date.now()));
      ctx.hub.onSubscribe(channels.private, undefined, { private: true });

      registerMarketRoutes(ctx.registry, { catalog, feeds, tickers, candleStore });
      registerTradeRoutes(ctx.registry, { engine: ctx.engine, orders, ledger, catalog });
    },
    async prepare(ctx) {
      // The demo account and the first full ladder exist before the first request: a newcomer
      // opening the app right after start sees a deep book and can sign in.
      await options.simulator?.prepare(ctx, orders);
    },
    start(ctx) {
      timers.push(setInterval(() => tickers.flush(Date.now()), TICKER_FLUSH_MS));
      options.simulator?.start(ctx, orders);
    },
    async stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      await options.simulator?.stop();
      await orders?.close();
    },
  };
  return mod;
}
export type { OrderService } from './order-service';
