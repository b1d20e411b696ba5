import type { PlaceOrderReq } from '../../domain';
import type { Engine } from '../db';
import { fail, idField, pageFields, str, sessionOf, type HandlerRegistry } from '../http';
import type { Ledger } from '../ledger';
import type { Catalog } from '../market';
import { requireTradePassword } from '../mine';
import { toBalanceLine } from '../shared/balance-push';
import { toSpotFill, toSpotOrder } from './dto';
import type { OrderService } from './order-service';

/** Page size of order and fill lists. */
export const PAGE_SIZE = 50;

/** Largest page of order and fill lists. */
export const PAGE_MAX = 200;

/** Spot orders, fills and the caller's balances (variant 3, signed in). */
export function registerTradeRoutes(
  registry: HandlerRegistry,
  deps: { engine: Engine; orders: OrderService; ledger: Ledger; catalog: Catalog },
): void {
  const { engine, orders, ledger, catalog } = deps;
  const units = (symbol: string) => {
    const u = orders.unitsOf(symbol);
    if (!u) throw fail('unknownMarket', 'symbol');
    return u;
  };

  registry.add('trade/place', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const req = ctx.input as unknown as PlaceOrderReq;
    if (catalog.tradePassword.spotOrder === 'always') {
      await requireTradePassword(engine, userId, str(ctx.input, 'tradePassword'));
    }
    const row = await orders.place(userId, req);
    return toSpotOrder(row, units(row.symbol));
  });

  registry.add('trade/cancel', async (ctx) => {
    const row = await orders.cancel(sessionOf(ctx).userId, idField(ctx.input, 'orderId'));
    return toSpotOrder(row, units(row.symbol));
  });

  registry.add('trade/orders', async (ctx) => {
    const status = str(ctx.input, 'status') || 'open';
    if (status !== 'open' && status !== 'history' && status !== 'all') throw fail('badRequest', 'status');
    const symbol = str(ctx.input, 'symbol') || null;
    if (symbol !== null) units(symbol);
    const { before, limit } = pageFields(ctx.input, PAGE_SIZE, PAGE_MAX);
    const rows = await orders.orders.ordersOf(sessionOf(ctx).userId, status, symbol, before, limit);
    return rows.map((o) => toSpotOrder(o, units(o.symbol)));
  });

  registry.add('trade/fills', async (ctx) => {
    const symbol = str(ctx.input, 'symbol') || null;
    if (symbol !== null) units(symbol);
    const { before, limit } = pageFields(ctx.input, PAGE_SIZE, PAGE_MAX);
    const userId = sessionOf(ctx).userId;
    const rows = await orders.orders.fillsOf(userId, symbol, before, limit);
    return rows.map((t) => toSpotFill(t, userId, units(t.symbol)));
  });

  registry.add('assets/balances', async (ctx) =>
    (await ledger.balancesOf(sessionOf(ctx).userId)).map(toBalanceLine),
  );
}
