import { CONTENT_ENDPOINTS } from './content-endpoints';
import type { EndpointDef } from './endpoint-def';
import { CORE_ENDPOINTS, endpointPathOf, type EndpointName } from './endpoints';
import { IDENTITY_ENDPOINTS } from './identity-endpoints';
import { IEO_ENDPOINTS } from './ieo-endpoints';
import { LEGAL_ENDPOINTS } from './legal-endpoints';
import { LEVER_ENDPOINTS } from './lever-endpoints';
import { LOCKMING_ENDPOINTS } from './lockming-endpoints';
import { SECOND_ENDPOINTS } from './second-endpoints';
import { SELL_ENDPOINTS } from './sell-endpoints';

/**
 * The endpoint table: one source of truth for the worker's client and the server's routes. Not in
 * the domain barrel on purpose: the worker reads the core part at once and the area parts on first
 * use (worker/endpoint-defs.ts), so the first load does not grow with every area's endpoints.
 */
export const ENDPOINTS: { readonly [K in EndpointName]: EndpointDef } = {
  ...CORE_ENDPOINTS,
  ...LEVER_ENDPOINTS,
  ...SECOND_ENDPOINTS,
  ...LEGAL_ENDPOINTS,
  ...IDENTITY_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...SELL_ENDPOINTS,
  ...IEO_ENDPOINTS,
  ...LOCKMING_ENDPOINTS,
};

/** The URL path of an endpoint under a base path such as `/h5/` or `/`. */
export function endpointPath(name: EndpointName): string {
  return endpointPathOf(name, ENDPOINTS[name]);
}
