import type { EndpointName, Res } from '../../domain';
import type { HandlerRegistry } from '../http';
import type { CoreLink } from './edge-bridge';

/**
 * Endpoints an edge answers itself: their answer depends only on the request and the settings, so
 * the core is not asked (and they answer while it is away). Every other endpoint is forwarded.
 */
export const EDGE_ENDPOINTS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'settings',
  'address/lookup',
]);

/**
 * Makes an edge's registry forward its calls to the core: every endpoint but `EDGE_ENDPOINTS` runs
 * there with the same input, language, IP and session; the edge keeps its limits and its envelope.
 */
export function forwardToCore(registry: HandlerRegistry, link: CoreLink): void {
  registry.replaceHandlers((endpoint) =>
    EDGE_ENDPOINTS.has(endpoint)
      ? undefined
      : async (ctx) =>
          // The core ran the endpoint's own handler: its answer has the endpoint's reply type.
          (await link.command({
            endpoint,
            input: { ...ctx.input },
            lang: ctx.lang,
            ip: ctx.ip,
            session: ctx.session,
          })) as Res<EndpointName>,
  );
}
