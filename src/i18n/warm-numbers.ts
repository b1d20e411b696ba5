import { useEffect } from 'react';
import { afterNextPaint } from '../core/after-first-render';

let warmed = false;

/**
 * Loads the page language's number data (ICU) once, in a task of its own right after the next paint.
 * The first `Intl.NumberFormat` of a page costs about 25 ms of a phone's main thread (100 ms at
 * Lighthouse's 4× slowdown). Plain numbers in the product's locales need no Intl
 * (domain/decimal-text.ts); compact volumes (`5.67万`) still do. A page that shows them warms up
 * here, while it waits for its first prices, instead of inside the render that shows them.
 */
export function warmNumbersAfterPaint(): void {
  if (warmed) return;
  warmed = true;
  afterNextPaint(() => new Intl.NumberFormat(document.documentElement.lang || undefined).format(1));
}

/** Warms the number data after the component's first paint: for lists of compact volumes. */
export function useWarmNumbers(): void {
  useEffect(() => warmNumbersAfterPaint(), []);
}
