import type { ConsolePage } from '../page';

/** The audit trail: every operator action, searchable. */
export const audit: ConsolePage = {
  path: 'audit',
  label: 'nav.audit',
  duty: 'admin',
  group: 'admin',
  load: () => import('./audit-page'),
};
