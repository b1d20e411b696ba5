import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { usePrefs } from '../core/contexts';
import { onToastShown, toasterMounted } from './toast';
import { useOnline } from './use-online';

/** Gap between the header (or the offline banner) and a toast, in CSS pixels. */
const GAP_PX = 8;

/**
 * Where toasts start: below the lowest of what is pinned at the top (the offline banner, the page
 * header), measured, because either may wrap onto two lines in a long language or a wide font.
 */
function toastTop(): string {
  let bottom = 0;
  for (const el of document.querySelectorAll('.offline-banner, .topbar')) {
    bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
  }
  return bottom > 0 ? `${Math.ceil(bottom) + GAP_PX}px` : `calc(env(safe-area-inset-top) + ${GAP_PX}px)`;
}

/** The toast area (lazy chunk with sonner). Below the header so the back button and title stay usable. */
export function Toasts() {
  const { theme } = usePrefs();
  const online = useOnline();
  const [top, setTop] = useState(toastTop);
  useEffect(() => toasterMounted(), []);
  // Placed again before each toast, and when the offline banner comes or goes (after its layout).
  useEffect(() => onToastShown(() => setTop(toastTop())), []);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTop(toastTop()));
    return () => cancelAnimationFrame(frame);
  }, [online]);
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
