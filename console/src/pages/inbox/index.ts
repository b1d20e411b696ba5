import type { ConsolePage } from '../page';

/** The support inbox: every conversation, live; replies, assignment and canned replies. */
export const inbox: ConsolePage = {
  path: 'inbox',
  label: 'inbox.nav',
  duty: 'read',
  group: 'work',
  load: () => import('./inbox-page'),
};
