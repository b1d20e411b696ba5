import { useEffect } from 'react';
import { HashRouter, useLocation } from 'react-router-dom';
import { ScreenRouteContext } from '../components/screen-route';
import { pageLeft } from '../components/toast';
import { NotAvailablePage, NotFoundPage } from '../pages/shared';
import { AppShell } from './app-shell';
import { AsyncPage } from './async-page';
import { routeOf } from './route-table';
import type { RouteDef } from './route-table';
import { RouteErrorBoundary } from './route-error';

function element(def: RouteDef) {
  // The key gives each route its own loading state; without it React would reuse one AsyncPage.
  return def.load ? (
    <AsyncPage key={def.path} load={def.load} ns={def.ns} />
  ) : (
    <NotAvailablePage key={def.path} />
  );
}

/** The current location's page: every route is a fixed path, so one lookup finds it. */
function RoutePage() {
  const { pathname } = useLocation();
  const def = routeOf(pathname);
  const page = def?.path ?? pathname;
  // Toasts belong to the page that raised them: leaving it dismisses them (issue 29).
  useEffect(() => () => pageLeft(), [page]);
  // The page's chrome (`Screen`) reads its route from here, not from the table (no import circle).
  return def ? (
    <ScreenRouteContext.Provider value={def}>{element(def)}</ScreenRouteContext.Provider>
  ) : (
    <NotFoundPage />
  );
}

/**
 * Hash routing (`#/pages/market/market`), as the app is served under a base path (spec §2).
 * No data router: no route here uses loaders or actions, and its extra code would cost the first
 * load about 18 KiB gzip. No `<Routes>` either: every route is a fixed path found with one lookup
 * (`routeOf`), where matching ~80 `<Route>` elements compiled a regular expression per path on every
 * render, and no link here is relative to a route.
 */
export function AppRoutes() {
  return (
    <HashRouter>
      <RouteErrorBoundary>
        <AppShell>
          <RoutePage />
        </AppShell>
      </RouteErrorBoundary>
    </HashRouter>
  );
}
