import { Workbox } from 'workbox-window';
import { showUpdatePrompt } from './update-prompt';

export { linkManifest } from './link-manifest';

/** How often an open app asks for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (production builds only: the dev server has no precache manifest).
 * A new version waits until the user accepts the prompt; then it takes over and the page reloads
 * once, so a page never runs against a shell it was not built with.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  const wb = new Workbox(`${base}sw.js`, { scope: base, type: 'classic' });

  wb.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    });
  });

  // Where service workers are refused (a private window, a policy), the app runs without one.
  wb.register().then(
    (registration) => {
      if (!registration) return;
      setInterval(() => void wb.update(), UPDATE_CHECK_MS);
    },
    () => undefined,
  );
}
