import type { ConsolePage } from '../page';

/** Operator accounts (admins only). */
export const operators: ConsolePage = {
  path: 'operators',
  label: 'nav.operators',
  duty: 'admin',
  group: 'admin',
  load: () => import('./operators-page'),
};
