import { createHashRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { NotAvailablePage, NotFoundPage } from '../pages/shared/not-available-page';
import { AppShell } from './app-shell';
import { AsyncPage } from './async-page';
import { ROUTES } from './route-table';
import type { RouteDef } from './route-table';
import { RouteError } from './route-error';

function element(def: RouteDef) {
  // The key gives each route its own loading state; without it React would reuse one AsyncPage.
  return def.load ? <AsyncPage key={def.path} load={def.load} /> : <NotAvailablePage key={def.path} />;
}

const home = ROUTES.find((r) => r.path === '/pages/home/home')!;

const children: RouteObject[] = [
  { path: '/', element: element(home) },
  ...ROUTES.map((def) => ({ path: def.path, element: element(def) })),
  { path: '*', element: <NotFoundPage /> },
];

/** Hash routing (`#/pages/market/market`), as the app is served under a base path (spec §2). */
export const router = createHashRouter([{ element: <AppShell />, errorElement: <RouteError />, children }]);
