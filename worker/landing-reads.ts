import type { EndpointName } from '../domain';

/**
 * What a landing page reads first that the worker can ask for at its start, beside the framework's
 * download, instead of after the page's code has arrived and run: the terms a page cannot draw its
 * form without. Public GET endpoints with a fixed request only (no session is needed or sent).
 * Measured with `npm run bench -- lighthouse`: docs/architecture.md, "First visits".
 */
const LANDING_READS: Readonly<Record<string, readonly EndpointName[]>> = {
  '/pages/lever/lever': ['lever/config'],
  '/pages/market/second': ['second/terms'],
  '/pages/legal/legal': ['legal/config'],
};

/** The route of the page a worker was started for, from its name (`core#/pages/lever/lever?…`). */
export function routeOfWorkerName(name: string): string {
  const hash = name.indexOf('#');
  return hash < 0 ? '' : name.slice(hash + 1).split('?')[0]!;
}

/** The public reads (each with an empty request) that the landing page `route` starts with. */
export function landingReads(route: string): readonly EndpointName[] {
  return LANDING_READS[route] ?? [];
}
