let warmed = false;

/**
 * Loads the page language's number data (ICU) once, in a task of its own right after the next paint.
 * The first `Intl.NumberFormat` of a page costs about 25 ms of a phone's main thread (100 ms at
 * Lighthouse's 4× slowdown); done here, it runs while the page waits for its first prices instead
 * of before the page's first paint or inside the render that shows them.
 */
export function warmNumbersAfterPaint(): void {
  if (warmed) return;
  warmed = true;
  requestAnimationFrame(() =>
    setTimeout(() => new Intl.NumberFormat(document.documentElement.lang || undefined).format(1), 0),
  );
}
