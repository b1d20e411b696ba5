import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { usePrefs } from '../core/contexts';
import { toasterMounted } from './toast';

/** The toast area (lazy chunk with sonner). Below the header so the back button and title stay usable. */
export function Toasts() {
  const { theme } = usePrefs();
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      theme={theme}
      position="top-center"
      richColors
      closeButton={false}
      offset={{ top: 'calc(env(safe-area-inset-top) + 60px)' }}
      mobileOffset={{ top: 'calc(env(safe-area-inset-top) + 60px)' }}
    />
  );
}
