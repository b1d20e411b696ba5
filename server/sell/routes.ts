import type { SellConfirmReq, SellQuoteReq } from '../../domain/sell-types';
import type { Engine } from '../db';
import { pageFields, sessionOf, str, type HandlerRegistry } from '../http';
import type { Catalog } from '../market';
import { requireTradePassword } from '../mine';
import { toSellQuote, toSellRecord } from './dto';
import { SELL_QUOTE_COIN, type SellService } from './service';

/** Page size of the sell log, and the largest page a caller may ask for. */
const PAGE_SIZE = 50;
const PAGE_MAX = 200;

/**
 * Quote, confirm and the log (signed in). No endpoint edits a quote or a receipt: a quote is what
 * the book gave, a receipt what the order service did.
 */
export function registerSellRoutes(
  registry: HandlerRegistry,
  deps: { engine: Engine; service: SellService; catalog: Catalog; now: () => number },
): void {
  const { engine, service, catalog, now } = deps;

  registry.add('sell/quote', async (ctx) => {
    const q = await service.quote(sessionOf(ctx).userId, ctx.input as unknown as SellQuoteReq);
    const pair = catalog.pairs.find((p) => p.symbol === q.symbol);
    return toSellQuote(q, SELL_QUOTE_COIN, pair?.takerFee ?? '0', now());
  });

  registry.add('sell/confirm', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    // A quick sell is a spot order: the catalog's trade-password rule for spot orders applies.
    if (catalog.tradePassword.spotOrder === 'always') {
      await requireTradePassword(engine, userId, str(ctx.input, 'tradePassword'));
    }
    const row = await service.confirm(userId, ctx.input as unknown as SellConfirmReq);
    return toSellRecord(row, SELL_QUOTE_COIN);
  });

  registry.add('sell/log', async (ctx) => {
    const { before, limit } = pageFields(ctx.input, PAGE_SIZE, PAGE_MAX);
    const rows = await service.store.receiptsOf(sessionOf(ctx).userId, before, limit);
    return rows.map((r) => toSellRecord(r, SELL_QUOTE_COIN));
  });
}
