import type { ConsolePage } from '../page';

/** The house: exposure and results per product, and the ledger's invariants; read-only. */
export const house: ConsolePage = {
  path: 'house',
  label: 'people.nav.house',
  duty: 'read',
  group: 'work',
  load: () => import('./house-page'),
};
