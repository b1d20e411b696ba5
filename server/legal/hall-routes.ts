import type { LegalAd } from '../../domain/legal';
import { fail, notFound, idField, pageFields, str, type HandlerRegistry } from '../http';
import type { LegalRouteDeps, LegalRouteKit } from './route-kit';

/** Most ads the hall lists at once (the `hall` query's own limit). */
const HALL_MAX = 500;

/** The public hall: the merchants' ads of one side, coin and currency, and one ad. */
export function registerHallRoutes(registry: HandlerRegistry, d: LegalRouteDeps, kit: LegalRouteKit): void {
  const { store, views } = d;
  const { dec } = kit;

  registry.add('legal/ads', async (ctx) => {
    const side = str(ctx.input, 'side');
    if (side !== 'buy' && side !== 'sell') throw fail('badRequest', 'side');
    const coin = str(ctx.input, 'coin').trim();
    const currency = str(ctx.input, 'currency').trim();
    // Ids below `before`, at most `limit` (the hall's `Page`); absent, the whole hall.
    const page = pageFields(ctx.input, HALL_MAX, HALL_MAX);
    // The user's `buy` tab lists the merchants' sell ads, cheapest first; `sell` their buy ads, best first.
    const adSide = side === 'buy' ? 'sell' : 'buy';
    const now = d.now();
    const cache = new Map();
    const list: LegalAd[] = [];
    for (const r of await store.hall(adSide, coin, currency)) {
      if (r.id >= page.before || (r.expiresAt !== null && r.expiresAt <= now)) continue;
      if (await store.freeze(r.merchantId)) continue;
      list.push(await views.ad(r, dec(r.coin), cache));
    }
    const rate = (x: string | null) => (x === null ? -1 : Number(x));
    list.sort((a, b) => {
      const pa = Number(a.price);
      const pb = Number(b.price);
      if (pa !== pb) return adSide === 'sell' ? pa - pb : pb - pa;
      return rate(b.merchant.stats.completionRate30d) - rate(a.merchant.stats.completionRate30d);
    });
    return list.slice(0, page.limit);
  });
  registry.add('legal/ad', async (ctx) => {
    const ad = await store.ad(idField(ctx.input, 'id'));
    if (!ad) throw notFound();
    return views.ad(ad, dec(ad.coin));
  });
}
