import { HashRouter, Route, Routes } from 'react-router-dom';
import { NotAvailablePage, NotFoundPage } from '../pages/shared/not-available-page';
import { AppShell } from './app-shell';
import { AsyncPage } from './async-page';
import { ROUTES } from './route-table';
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

const home = ROUTES.find((r) => r.path === '/pages/home/home')!;

/**
 * Hash routing (`#/pages/market/market`), as the app is served under a base path (spec §2).
 * Declarative routes rather than a data router: no route here uses loaders or actions, and the data
 * router's extra code would cost the first load about 18 KiB gzip.
 */
export function AppRoutes() {
  return (
    <HashRouter>
      <RouteErrorBoundary>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/" element={element(home)} />
            {ROUTES.map((def) => (
              <Route key={def.path} path={def.path} element={element(def)} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </HashRouter>
  );
}
