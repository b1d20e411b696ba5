import type { EndpointName, Res } from '../../domain';
import { ENDPOINTS } from '../../domain/endpoint-table';
import type { HandlerRegistry } from '../http';
import type { CoreLink } from './edge-bridge';

/**
 * Reads that need the core's memory (the books, the tickers, the open contracts kept by the one
 * writer) or its disk (uploads): an edge forwards them like commands.
 */
export const CORE_READS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  // The catalog grows while the core runs (an IEO project lists its coin).
  'market/catalog',
  'market/tickers',
  'market/depth',
  'market/trades',
  'market/candles',
  'assets/overview',
  'lever/positions',
  // Uploaded images are files in the core's DATA_DIR/uploads, which an edge on another machine lacks.
  'assets/proof',
  'legal/image',
]);

/**
 * Endpoints an edge answers itself, from the database (committed rows, like the core's own reads)
 * and its settings: every GET but `CORE_READS`. They answer while the core is away.
 * tests/integration/cluster/edge-reads.test.ts compares each with the core's answer.
 */
export const EDGE_ENDPOINTS: ReadonlySet<EndpointName> = new Set(
  (Object.keys(ENDPOINTS) as EndpointName[]).filter(
    (n) => ENDPOINTS[n].method === 'GET' && !CORE_READS.has(n),
  ),
);

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
