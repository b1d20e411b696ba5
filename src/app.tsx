import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { CoreProvider } from './core/core-provider';
import { usePrefs } from './core/contexts';
import type { BootHint } from './prefs/boot-hint';
import { router } from './routes/router';

function Toasts() {
  const { theme } = usePrefs();
  return (
    <Toaster
      theme={theme}
      position="top-center"
      richColors
      closeButton={false}
      offset={{ top: 'calc(env(safe-area-inset-top) + 12px)' }}
    />
  );
}

/** The app: worker core, toasts and routes. */
export function App({ hint }: { hint: BootHint }) {
  return (
    <CoreProvider hint={hint}>
      <RouterProvider router={router} />
      <Toasts />
    </CoreProvider>
  );
}
