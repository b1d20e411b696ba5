import type { ConsolePage } from '../page';

/** New-coin subscription projects: the list, and creating or editing one before it opens. */
export const ieo: ConsolePage = {
  path: 'ieo',
  label: 'reviews.nav.ieo',
  duty: 'read',
  group: 'work',
  load: () => import('./ieo-page'),
};
