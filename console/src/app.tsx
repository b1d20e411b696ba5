import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  Navigate,
  RouterProvider,
  createBrowserRouter,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { Toaster } from 'sonner';
import type { OpsDuty } from '../../domain/ops-api';
import { onTheme, savedTheme } from './core/prefs';
import { SessionProvider, useSession } from './core/session';
import { useTranslation } from './core/use-translation';
import { PAGES } from './pages/registry';
import { Layout } from './shell/layout';

const SignIn = lazy(() => import('./shell/sign-in').then((m) => ({ default: m.SignIn })));

/** A signed-in operator only; the others go to the sign-in, and back here after it. */
function RequireSession({ children }: { children: ReactNode }) {
  const { me } = useSession();
  const location = useLocation();
  if (me === undefined) return <p className="loading">…</p>;
  // The page the operator was on comes back after the sign-in (sign-in.tsx).
  if (me === null) return <Navigate to="/sign-in" replace state={{ from: location }} />;
  return children;
}

/** A page the role may not open says so (the navigation does not offer it). */
function DutyGate({ duty, children }: { duty: OpsDuty; children: ReactNode }) {
  const { t } = useTranslation();
  const { me } = useSession();
  if (!me?.duties.includes(duty)) {
    return (
      <p className="empty" data-testid="forbidden">
        {t('problem.forbidden')}
      </p>
    );
  }
  return children;
}

const pageRoutes: RouteObject[] = PAGES.map((page) => {
  const Page = lazy(() => page.load().then((m) => ({ default: m.Page })));
  const element = (
    <DutyGate duty={page.duty}>
      <Suspense fallback={<p className="loading">…</p>}>
        <Page />
      </Suspense>
    </DutyGate>
  );
  return page.path === '' ? { index: true, element } : { path: `${page.path}/*`, element };
});

const router = createBrowserRouter(
  [
    {
      path: '/sign-in',
      element: (
        <Suspense fallback={null}>
          <SignIn />
        </Suspense>
      ),
    },
    {
      path: '/',
      element: (
        <RequireSession>
          <Layout />
        </RequireSession>
      ),
      children: [...pageRoutes, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ],
  { basename: '/ops' },
);

/** The console. */
export function App() {
  const [theme, setTheme] = useState(savedTheme);
  useEffect(() => onTheme(setTheme), []);
  return (
    <SessionProvider>
      <RouterProvider router={router} />
      <Toaster theme={theme} position="top-center" richColors />
    </SessionProvider>
  );
}
