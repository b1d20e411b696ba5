import { lazy } from 'react';
import type { OrderForm } from './order-form';

/** Longest wait between two attempts to fetch the form's code, in milliseconds. */
const MAX_RETRY_MS = 30_000;

/**
 * `load()` until it succeeds: a failed attempt is tried again after 2 s, 4 s, … up to `maxWaitMs`
 * apart, and never reported as a failure (the caller shows a placeholder meanwhile).
 */
export function retryUntilLoaded<T>(load: () => Promise<T>, maxWaitMs = MAX_RETRY_MS): Promise<T> {
  return new Promise((resolve) => {
    const attempt = (n: number) => {
      load().then(resolve, (e: unknown) => {
        console.error('chunk failed, trying again', e);
        setTimeout(() => attempt(n + 1), Math.min(maxWaitMs, 2_000 * 2 ** n));
      });
    };
    attempt(0);
  });
}

let pending: Promise<{ default: typeof OrderForm }> | null = null;
let loaded = false;

/** Whether the form's code is here already (a later visit renders the form at once). */
export function orderFormLoaded(): boolean {
  return loaded;
}

/**
 * Fetches the order form's code (react-hook-form, its dialogs and previews) once. A failed fetch is
 * tried again rather than reported: the page shows the form's frame meanwhile, so a weak link never
 * turns the trade page into an error.
 */
export function preloadOrderForm(): Promise<{ default: typeof OrderForm }> {
  pending ??= retryUntilLoaded(() => import('./order-form')).then((m) => {
    loaded = true;
    return { default: m.OrderForm };
  });
  return pending;
}

/**
 * The order form, loaded apart from the trade page: the page paints its frame without it (a first
 * visit on a slow link shows the market sooner) and fetches it once that first paint is done,
 * beside the catalog, so the form is usually ready when the rules are.
 */
export const LazyOrderForm = lazy(preloadOrderForm);
