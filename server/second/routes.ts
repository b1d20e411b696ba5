import { OPTION_RESULTS, type OptionResult, type SecondTerms } from '../../domain/second-rules';
import type { PlaceOptionReq } from '../../domain/second-endpoints';
import { fail, notFound, idField, pageFields, str, sessionOf, type HandlerRegistry } from '../http';
import { toSecondOption } from './dto';
import type { OptionRow } from './option-store';
import type { OptionService } from './option-service';

/** Page size of the option history. */
export const PAGE_SIZE = 50;
/** Largest page of the option history a caller may ask for. */
const PAGE_MAX = 200;

/**
 * Terms (public), place, history and detail (signed in). There is no endpoint that settles,
 * edits or deletes an option: settlement is the server's timer applying the published rule.
 */
export function registerSecondRoutes(
  registry: HandlerRegistry,
  deps: { service: OptionService; terms: SecondTerms; onPlaced(row: OptionRow): void },
): void {
  const { service, terms } = deps;
  const dto = (row: OptionRow) => toSecondOption(row, terms.stakeDecimals);

  registry.add('second/terms', () => {
    const { demoGrant: _server, ...pub } = terms;
    return { ...pub, serverTime: Date.now() };
  });

  registry.add('second/place', async (ctx) => {
    const row = await service.place(sessionOf(ctx).userId, ctx.input as unknown as PlaceOptionReq);
    deps.onPlaced(row);
    return dto(row);
  });

  registry.add('second/options', async (ctx) => {
    const status = str(ctx.input, 'status') || 'all';
    if (status !== 'open' && status !== 'settled' && status !== 'all') throw fail('badRequest', 'status');
    const symbol = str(ctx.input, 'symbol') || null;
    if (symbol !== null && !terms.pairs.includes(symbol)) throw fail('unknownMarket', 'symbol');
    const result = str(ctx.input, 'result') || null;
    if (result !== null && !(OPTION_RESULTS as readonly string[]).includes(result)) {
      throw fail('badRequest', 'result');
    }
    const { before, limit } = pageFields(ctx.input, PAGE_SIZE, PAGE_MAX);
    const rows = await service.store.list(sessionOf(ctx).userId, {
      status,
      symbol,
      result: result as OptionResult | null,
      before,
      limit,
    });
    return rows.map(dto);
  });

  registry.add('second/detail', async (ctx) => {
    const row = await service.store.get(idField(ctx.input, 'id'));
    // Another user's option is answered exactly like a missing one.
    if (!row || row.userId !== sessionOf(ctx).userId) throw notFound();
    return dto(row);
  });
}
