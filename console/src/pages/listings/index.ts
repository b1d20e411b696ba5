import type { ConsolePage } from '../page';

/** Project teams asking to have their coin listed. */
export const listings: ConsolePage = {
  path: 'listings',
  label: 'reviews.nav.listings',
  duty: 'read',
  group: 'work',
  load: () => import('./listings-page'),
};
