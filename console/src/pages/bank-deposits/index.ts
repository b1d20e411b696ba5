import type { ConsolePage } from '../page';

/** Bank-card deposits waiting to be matched with the bank statement. */
export const bankDeposits: ConsolePage = {
  path: 'bank-deposits',
  label: 'nav.bankDeposits',
  duty: 'read',
  group: 'work',
  load: () => import('./bank-deposits-page'),
};
