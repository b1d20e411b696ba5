import type { ConsolePage } from '../page';

/** Users: search by account or id, one user read-only, freeze and unfreeze (admins). */
export const users: ConsolePage = {
  path: 'users',
  label: 'people.nav.users',
  duty: 'read',
  group: 'work',
  load: () => import('./users-page'),
};
