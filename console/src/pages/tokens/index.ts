import type { ConsolePage } from '../page';

/** The operator's own personal API tokens (for the CLI). */
export const tokens: ConsolePage = {
  path: 'tokens',
  label: 'nav.tokens',
  duty: 'self',
  group: 'admin',
  load: () => import('./tokens-page'),
};
