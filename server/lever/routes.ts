import type { LeverCloseScope, LeverOpenReq, LeverStatus, LeverTerms } from '../../domain';
import {
  fail,
  notFound,
  idField,
  pageFields,
  str,
  type Input,
  sessionOf,
  type HandlerRegistry,
} from '../http';
import type { Engine } from '../db';
import type { Catalog } from '../market';
import { requireTradePassword } from '../mine';
import { toLeverOrder } from './dto';
import { termsOf } from './parse';
import type { LeverService } from './service';
import type { LeverRow } from './store';

/** Page size of order lists. */
export const LEVER_PAGE_SIZE = 50;
/** Largest page of order lists a caller may ask for. */
const LEVER_PAGE_MAX = 200;
const STATUSES: readonly LeverStatus[] = ['entrusting', 'trading', 'closing', 'closed', 'cancelled'];

const idOf = (input: Input): number => idField(input, 'id');

/** The catalog's lever terms as the app sees them (without server-only settings). */
export function leverTerms(catalog: Catalog): LeverTerms {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the demo grant stays on the server
  const { demoGrant, ...terms } = catalog.lever;
  return terms;
}

/** Lever endpoints: terms, open, cancel, TP/SL, close, batch close, lists. */
export function registerLeverRoutes(
  registry: HandlerRegistry,
  deps: { engine: Engine; lever: LeverService; catalog: Catalog },
): void {
  const { engine, lever, catalog } = deps;
  const dto = (r: LeverRow) => toLeverOrder(r, lever.unitsOf(r.symbol));
  const symbolOf = (input: Record<string, unknown>) => {
    const s = str(input, 'symbol').trim();
    if (s) termsOf(catalog, s);
    return s || null;
  };

  registry.add('lever/config', () => leverTerms(catalog));

  registry.add('lever/open', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    if (catalog.lever.tradePassword === 'always') {
      // Hashing happens here, before the command: nothing but the database runs inside one.
      await requireTradePassword(engine, userId, str(ctx.input, 'tradePassword'));
    }
    return dto(await lever.open(userId, ctx.input as unknown as LeverOpenReq));
  });

  registry.add('lever/cancel', async (ctx) =>
    dto(await lever.cancel(sessionOf(ctx).userId, idOf(ctx.input))),
  );

  registry.add('lever/tpsl', async (ctx) =>
    dto(
      await lever.setTpSl(sessionOf(ctx).userId, idOf(ctx.input), str(ctx.input, 'tp'), str(ctx.input, 'sl')),
    ),
  );

  registry.add('lever/close', async (ctx) => dto(await lever.close(sessionOf(ctx).userId, idOf(ctx.input))));

  registry.add('lever/closeAll', async (ctx) => {
    const scope = str(ctx.input, 'scope') || 'all';
    if (scope !== 'all' && scope !== 'long' && scope !== 'short') throw fail('badRequest', 'scope');
    const rows = await lever.closeAll(sessionOf(ctx).userId, scope as LeverCloseScope, symbolOf(ctx.input));
    return { closed: rows.map(dto) };
  });

  registry.add('lever/positions', (ctx) => {
    const userId = sessionOf(ctx).userId;
    const symbol = symbolOf(ctx.input);
    return lever
      .openRows()
      .filter((r) => r.userId === userId && (symbol === null || r.symbol === symbol))
      .sort((a, b) => b.id - a.id)
      .map(dto);
  });

  registry.add('lever/orders', async (ctx) => {
    const status = str(ctx.input, 'status') || 'all';
    if (status !== 'all' && !STATUSES.includes(status as LeverStatus)) throw fail('badRequest', 'status');
    const { before, limit } = pageFields(ctx.input, LEVER_PAGE_SIZE, LEVER_PAGE_MAX);
    const rows = await lever.store.ofUser(
      sessionOf(ctx).userId,
      status === 'all' ? null : (status as LeverStatus),
      symbolOf(ctx.input),
      before,
      limit,
    );
    return rows.map(dto);
  });

  registry.add('lever/order', async (ctx) => {
    const row = await lever.store.get(idOf(ctx.input));
    if (!row || row.userId !== sessionOf(ctx).userId) throw notFound();
    return dto(row);
  });
}
