import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { usePrefs } from '../core/contexts';
import { toasterMounted } from './toast';
import { useOnline } from './use-online';

/** The toast area (lazy chunk with sonner). Below the header so the back button and title stay usable. */
export function Toasts() {
  const { theme } = usePrefs();
  const online = useOnline();
  useEffect(() => toasterMounted(), []);
  // Below the header, and below the offline banner (about 32 px above the header) while it shows.
  const top = `calc(env(safe-area-inset-top) + ${online ? 60 : 94}px)`;
  return (
    <Toaster
      theme={theme}
      position="top-center"
      richColors
      closeButton={false}
      offset={{ top }}
      mobileOffset={{ top }}
    />
  );
}
