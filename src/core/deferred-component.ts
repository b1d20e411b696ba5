import {
  lazy,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { whenIdleAfterPaint } from './after-first-render';

/** Longest wait between two attempts to fetch a deferred component's code, in milliseconds. */
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

// React's own `lazy` is typed over `ComponentType<any>`: props are checked where the component is used.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A component whose code is fetched apart from its page, once, see {@link deferredComponent}. */
export interface DeferredComponent<C extends AnyComponent> {
  /** Fetches the code once (retrying a failed fetch); later calls share the first. */
  preload(): Promise<{ default: C }>;
  /** Whether the code is here already: a later visit renders the component at once. */
  loaded(): boolean;
  /** The component for `<Suspense>`. */
  Component: LazyExoticComponent<C>;
}

/**
 * A page's heavy part (an order form with its dialogs and previews) loaded apart from the page: the
 * page paints a frame in its place first, and a failed fetch on a weak link is tried again rather
 * than turning the page into an error.
 */
export function deferredComponent<C extends AnyComponent>(load: () => Promise<C>): DeferredComponent<C> {
  let pending: Promise<{ default: C }> | null = null;
  let loaded = false;
  const preload = () =>
    (pending ??= retryUntilLoaded(load).then((c) => {
      loaded = true;
      return { default: c };
    }));
  return { preload, loaded: () => loaded, Component: lazy(preload) };
}

/**
 * Whether the page may render the deferred part now: at once when its code is here, else once the
 * frame standing in for it has painted and the main thread is idle, so neither the part's first
 * render (a long task on a slow phone) nor its code's download competes with the page's own paint.
 * `framed` says whether the frame is on the page yet (a page that waits for data before it can draw
 * the frame passes false until then). The code is fetched at that moment too.
 */
export function useWantedAfterPaint(
  part: { preload(): Promise<unknown>; loaded(): boolean },
  framed = true,
): boolean {
  const [wanted, setWanted] = useState(part.loaded);
  useEffect(() => {
    if (!framed) return;
    let live = true;
    const cancel = whenIdleAfterPaint(() => {
      // Wanted once the code is here, not before: a transition that suspends on the code holds
      // every other transition of the page with it (React renders pending transitions together).
      void part.preload().then(() => live && startTransition(() => setWanted(true)));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [part, framed]);
  return wanted;
}
