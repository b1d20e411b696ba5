import type { LockmingTerms } from '../../domain/lockming-types';
import type { Engine } from '../db';
import { fail, idField, notFound, pageFields, str, sessionOf, type HandlerRegistry } from '../http';
import type { Catalog } from '../market';
import { requireTradePassword } from '../mine';
import { toDetail, toPosition } from './dto';
import type { LockmingService } from './service';
import type { PositionRow } from './store';

/** Page size of the position list, and the largest a caller may ask for. */
export const LOCKMING_PAGE_SIZE = 50;
const PAGE_MAX = 200;
const STATUSES = ['locking', 'expired', 'all'] as const;

/** The user endpoints of `lockming`; `changed` runs after a committed change of a user's money. */
export function registerLockmingRoutes(
  registry: HandlerRegistry,
  deps: { engine: Engine; service: LockmingService; catalog: Catalog; changed: (userId: number) => void },
): void {
  const { engine, service, catalog, changed } = deps;
  const dto = (r: PositionRow) => toPosition(r, service.decimalsOf(r.coin));

  registry.add('lockming/terms', (): LockmingTerms => ({
    accrualAtUtc: catalog.lockming.accrualAtUtc,
    tradePassword: catalog.lockming.tradePassword,
    serverTime: service.now(),
  }));

  registry.add('lockming/products', () => service.products());

  registry.add('lockming/lock', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const productId = idField(ctx.input, 'productId');
    if (catalog.lockming.tradePassword === 'always') {
      // Hashing happens here, before the command: nothing but the database runs inside one.
      await requireTradePassword(engine, userId, str(ctx.input, 'tradePassword'));
    }
    const row = await service.lock(userId, productId, str(ctx.input, 'amount'));
    changed(userId);
    return dto(row);
  });

  registry.add('lockming/redeem', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const row = await service.redeem(userId, idField(ctx.input, 'id'));
    changed(userId);
    return dto(row);
  });

  registry.add('lockming/positions', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const status = str(ctx.input, 'status') || 'all';
    if (!(STATUSES as readonly string[]).includes(status)) throw fail('badRequest', 'status');
    const { before, limit } = pageFields(ctx.input, LOCKMING_PAGE_SIZE, PAGE_MAX);
    const rows = await service.store.positionsOf(userId, status as (typeof STATUSES)[number], before, limit);
    return rows.map(dto);
  });

  registry.add('lockming/position', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const row = await service.store.position(idField(ctx.input, 'id'));
    if (!row || row.userId !== userId) throw notFound();
    return toDetail(row, await service.store.payoutsOf(row.id), service.decimalsOf(row.coin));
  });
}
