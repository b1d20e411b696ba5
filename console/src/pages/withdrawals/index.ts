import type { ConsolePage } from '../page';

/** Withdrawals waiting for a reviewer. */
export const withdrawals: ConsolePage = {
  path: 'withdrawals',
  label: 'nav.withdrawals',
  duty: 'read',
  group: 'work',
  load: () => import('./withdrawals-page'),
};
