import { lazy } from 'react';

/**
 * The support tab's unread badge as a lazy component: its own chunk (with the support styles),
 * which the tab bar renders once the page has loaded, for a signed-in user only (a visitor has no
 * conversation). In a module of its own: a face holds re-exports only.
 */
export const KefuBadge = lazy(() => import('./kefu-badge').then((m) => ({ default: m.KefuBadge })));
