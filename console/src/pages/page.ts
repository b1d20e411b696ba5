import type { ComponentType } from 'react';
import type { OpsDuty } from '../../../domain/ops-api';

/**
 * A page of the console: a folder under `console/src/pages/` whose `index.ts` exports one of these,
 * listed once in `pages/registry.ts`. The page's own sub-routes (a detail view) are routes inside
 * its component (`<Routes>`), below its path.
 */
export interface ConsolePage {
  /** Path under `/ops/`, without slashes; `''` for the dashboard. */
  path: string;
  /** Key of its name in the navigation (console/locales/<lang>.json). */
  label: string;
  /** The duty the operator's role must hold to see it (domain/ops-api.ts ROLE_DUTIES). */
  duty: OpsDuty;
  /** Where the navigation lists it: the work queues, or the console's own pages. */
  group: 'work' | 'admin';
  /** The page's component, loaded when it is opened (its own chunk). */
  load: () => Promise<{ Page: ComponentType }>;
}
