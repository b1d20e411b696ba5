import type { ConsolePage } from '../page';

/** Users asking to become P2P merchants. */
export const merchantApplications: ConsolePage = {
  path: 'merchant-applications',
  label: 'reviews.nav.merchantApplications',
  duty: 'read',
  group: 'work',
  load: () => import('./merchant-applications-page'),
};
