import type { ConsolePage } from '../page';

/** What waits for an operator, per queue, live. */
export const dashboard: ConsolePage = {
  path: '',
  label: 'nav.dashboard',
  duty: 'read',
  group: 'work',
  load: () => import('./dashboard-page'),
};
