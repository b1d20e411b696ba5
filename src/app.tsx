import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from './components/toast';
import { CoreProvider } from './core/core-provider';
import type { BootHint } from './prefs/boot-hint';
import { AppRoutes } from './routes/router';

const Toasts = lazy(() => import('./components/toasts').then((m) => ({ default: m.Toasts })));

/** The app: worker core, routes, and the toast area (mounted with the first toast). */
export function App({ hint }: { hint: BootHint }) {
  const toasts = useSyncExternalStore(onToastsWanted, toastsWanted);
  return (
    <CoreProvider hint={hint}>
      <AppRoutes />
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </CoreProvider>
  );
}
