import type { ConsolePage } from '../page';

/** P2P orders under appeal: the reviewer gives the coin to the buyer or back to the seller. */
export const appeals: ConsolePage = {
  path: 'appeals',
  label: 'reviews.nav.appeals',
  duty: 'read',
  group: 'work',
  load: () => import('./appeals-page'),
};
