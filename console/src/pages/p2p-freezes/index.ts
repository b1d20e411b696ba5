import type { ConsolePage } from '../page';

/** Users whose P2P trading is frozen (a fraud decision), and lifting a freeze. */
export const p2pFreezes: ConsolePage = {
  path: 'p2p-freezes',
  label: 'reviews.nav.freezes',
  duty: 'read',
  group: 'work',
  load: () => import('./freezes-page'),
};
