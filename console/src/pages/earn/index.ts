import type { ConsolePage } from '../page';

/** Lock-up and savings products (create and edit before they open) and the house's reserves. */
export const earn: ConsolePage = {
  path: 'earn',
  label: 'reviews.nav.earn',
  duty: 'read',
  group: 'work',
  load: () => import('./earn-page'),
};
