import { CORE_ENDPOINTS, type EndpointDef, type EndpointName } from '../domain/endpoints';

type Table = Readonly<Record<string, EndpointDef>>;

// Each area's table loads on the first call to one of its endpoints, and only that area's: home and
// the market list use core endpoints only, and a landing page such as contracts fetches one small
// file instead of every area's (eight requests queued beside the page's own on a phone's link).
const AREA_TABLES = {
  lever: () => import('../domain/lever-endpoints').then((m) => m.LEVER_ENDPOINTS as Table),
  second: () => import('../domain/second-endpoints').then((m) => m.SECOND_ENDPOINTS as Table),
  legal: () => import('../domain/legal-endpoints').then((m) => m.LEGAL_ENDPOINTS as Table),
  identity: () => import('../domain/identity-endpoints').then((m) => m.IDENTITY_ENDPOINTS as Table),
  content: () => import('../domain/content-endpoints').then((m) => m.CONTENT_ENDPOINTS as Table),
  sell: () => import('../domain/sell-endpoints').then((m) => m.SELL_ENDPOINTS as Table),
  ieo: () => import('../domain/ieo-endpoints').then((m) => m.IEO_ENDPOINTS as Table),
  lockming: () => import('../domain/lockming-endpoints').then((m) => m.LOCKMING_ENDPOINTS as Table),
} as const;

type Area = keyof typeof AREA_TABLES;

/** The area table holding the endpoints named `<prefix>/…` (the unit test checks every name). */
const AREA_OF_PREFIX: Readonly<Record<string, Area>> = {
  lever: 'lever',
  second: 'second',
  legal: 'legal',
  credit: 'identity',
  kyc: 'identity',
  team: 'identity',
  kefu: 'content',
  listing: 'content',
  news: 'content',
  zhibo: 'content',
  sell: 'sell',
  ieo: 'ieo',
  lockming: 'lockming',
};

const loaded = new Map<Area, Promise<Table>>();

/** How a core endpoint is called, synchronously; undefined for an area endpoint. */
export function coreEndpointDef(name: EndpointName): EndpointDef | undefined {
  return (CORE_ENDPOINTS as Table)[name];
}

/** How `name` is called, from the endpoint table of its area. */
export async function endpointDef(name: EndpointName): Promise<EndpointDef> {
  const core = coreEndpointDef(name);
  if (core) return core;
  const area = AREA_OF_PREFIX[name.slice(0, name.indexOf('/'))];
  let table = area ? loaded.get(area) : undefined;
  if (area && !table) {
    table = AREA_TABLES[area]();
    // A failed chunk fetch (offline on a first visit) is tried again on the next call.
    table.catch(() => loaded.delete(area));
    loaded.set(area, table);
  }
  const def = table ? (await table)[name] : undefined;
  if (!def) throw new RangeError(`unknown endpoint: ${name}`);
  return def;
}
