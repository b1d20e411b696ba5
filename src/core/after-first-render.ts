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

/**
 * Runs `fn` in a task of its own right after the browser's next paint (a frame callback, then a
 * timer): for work that must neither delay nor join what the page is about to show. Returns a
 * cancel function.
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `fn` after the next paint once the main thread is idle (at most `timeoutMs` later): for
 * fetches a page will want soon but that must not compete with what its first paint needs.
 * Returns a cancel function.
 */
export function whenIdleAfterPaint(fn: () => void, timeoutMs = 1_000): () => void {
  let idle: number | undefined;
  const cancelPaint = afterNextPaint(() => {
    if ('requestIdleCallback' in window) idle = requestIdleCallback(fn, { timeout: timeoutMs });
    else fn();
  });
  return () => {
    cancelPaint();
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
