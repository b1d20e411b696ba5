import type { ConsolePage } from '../page';

/** Identity verifications waiting for a reviewer. */
export const kyc: ConsolePage = {
  path: 'kyc',
  label: 'nav.kyc',
  duty: 'read',
  group: 'work',
  load: () => import('./kyc-page'),
};
