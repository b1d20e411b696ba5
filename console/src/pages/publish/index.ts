import type { ConsolePage } from '../page';

/** News, notices and help-centre articles per language, with the app's own rendering as preview. */
export const publish: ConsolePage = {
  path: 'publish',
  label: 'publish.nav',
  duty: 'read',
  group: 'work',
  load: () => import('./publish-page'),
};
