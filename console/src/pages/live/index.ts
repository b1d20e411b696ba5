import type { ConsolePage } from '../page';

/** The live stream the app's live page plays: set, schedule or clear it. */
export const live: ConsolePage = {
  path: 'live',
  label: 'stream.nav',
  duty: 'read',
  group: 'work',
  load: () => import('./live-page'),
};
