import { CORE_ENDPOINTS, type EndpointDef, type EndpointName } from '../domain/endpoints';

type Table = Readonly<Record<string, EndpointDef>>;

// The area tables load on the first call to an area endpoint; home and the market list only use
// core endpoints, so the first load stays the same size however many areas exist.
const loadAreas = (): Promise<Table> =>
  Promise.all([
    import('../domain/lever-endpoints').then((m) => m.LEVER_ENDPOINTS as Table),
    import('../domain/second-endpoints').then((m) => m.SECOND_ENDPOINTS as Table),
    import('../domain/legal-endpoints').then((m) => m.LEGAL_ENDPOINTS as Table),
    import('../domain/identity-endpoints').then((m) => m.IDENTITY_ENDPOINTS as Table),
    import('../domain/content-endpoints').then((m) => m.CONTENT_ENDPOINTS as Table),
    import('../domain/sell-endpoints').then((m) => m.SELL_ENDPOINTS as Table),
    import('../domain/ieo-endpoints').then((m) => m.IEO_ENDPOINTS as Table),
    import('../domain/lockming-endpoints').then((m) => m.LOCKMING_ENDPOINTS as Table),
  ]).then((tables) => Object.assign({}, ...tables) as Table);

let areas: Promise<Table> | null = null;

/** How a core endpoint is called, synchronously; undefined for an area endpoint. */
export function coreEndpointDef(name: EndpointName): EndpointDef | undefined {
  return (CORE_ENDPOINTS as Table)[name];
}

/** How `name` is called, from the endpoint table of its area. */
export async function endpointDef(name: EndpointName): Promise<EndpointDef> {
  const core = coreEndpointDef(name);
  if (core) return core;
  const def = (await (areas ??= loadAreas()))[name];
  if (!def) throw new RangeError(`unknown endpoint: ${name}`);
  return def;
}
