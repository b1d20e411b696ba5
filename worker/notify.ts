/**
 * Calls a listener without letting it break the caller. Listeners from the UI are Comlink proxies:
 * they return promises, and a released proxy rejects, which must not become an unhandled rejection.
 */
export function notify<A>(listener: (arg: A) => unknown, arg: A): void {
  try {
    const result = listener(arg);
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // A listener's bug stays in that listener.
  }
}
