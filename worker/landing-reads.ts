import type { EndpointName, Lang, Outcome } from '../domain';
import type { LegalConfig } from '../domain/legal';
import { hallRequest } from '../domain/legal-hall';

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

/**
 * A read a landing page makes once an early read answered, its request computed from that answer,
 * the page's address and the language by the same rule the page uses: the P2P hall's ads follow
 * from its terms (a first visit asked for them only after the page's code and the terms were in).
 */
export interface FollowUp {
  /** The early read whose answer the request is computed from. */
  after: EndpointName;
  /** The read and its request. */
  read(answer: unknown, query: URLSearchParams, lang: Lang): { name: EndpointName; req: object };
}

const LANDING_FOLLOW_UPS: Readonly<Record<string, readonly FollowUp[]>> = {
  '/pages/legal/legal': [
    {
      after: 'legal/config',
      read: (config, query, lang) => ({
        name: 'legal/ads',
        req: hallRequest(query, config as LegalConfig, lang),
      }),
    },
  ],
};

/** The follow-up reads of the landing page `route`. */
export function landingFollowUps(route: string): readonly FollowUp[] {
  return LANDING_FOLLOW_UPS[route] ?? [];
}

/** The address query of the page a worker was started for, from its name. */
export function queryOfWorkerName(name: string): URLSearchParams {
  const hash = name.indexOf('#');
  const q = hash < 0 ? -1 : name.indexOf('?', hash);
  return new URLSearchParams(q < 0 ? '' : name.slice(q + 1));
}

/**
 * Asks for the landing page `route`'s reads now, and for each follow-up once the read it follows
 * answered (with the language the worker has loaded).
 */
export function startLandingReads(
  route: string,
  query: URLSearchParams,
  deps: { prefetch(name: EndpointName, req?: object): Promise<Outcome<unknown>>; lang(): Promise<Lang> },
): void {
  const follow = landingFollowUps(route);
  for (const name of landingReads(route)) {
    const reply = deps.prefetch(name);
    for (const next of follow.filter((f) => f.after === name)) {
      void Promise.all([reply, deps.lang()]).then(([answer, lang]) => {
        if (!answer.ok) return;
        const { name: then, req } = next.read(answer.data, query, lang);
        void deps.prefetch(then, req);
      });
    }
  }
}
