import { lazy } from 'react';

/**
 * Home's pinned notices as a lazy component: their own chunk (with the content styles), fetched when
 * home first renders it, which home does once it has shown its first prices. In a module of its own,
 * not the face: a face with code of its own would be placed in the chunk of its first importer.
 */
export const HomeNotices = lazy(() => import('./home-notices').then((m) => ({ default: m.HomeNotices })));
