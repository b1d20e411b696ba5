/** How long after the page's load event the work of `afterLoad` starts, in milliseconds. */
export const AFTER_LOAD_MS = 3_000;

/**
 * Runs `fn` a while after the page has loaded, when the browser is idle: for work a first visit
 * does not need to render (registering the service worker, which then downloads the precache).
 * Returns a cancel function.
 */
export function afterLoad(fn: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = setTimeout(() => {
      if (cancelled) return;
      if ('requestIdleCallback' in window) requestIdleCallback(() => !cancelled && fn(), { timeout: 2_000 });
      else fn();
    }, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', start);
  };
}
