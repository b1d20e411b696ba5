import type { CoreRemote } from '../../core/core-client';

/**
 * Starts a worker watcher (`core.watch…`, whose listener the caller wraps in `Comlink.proxy`) and
 * returns its stop function for an effect's cleanup. A watcher that answers after the component
 * went away is stopped at once, so no listener outlives its page.
 */
export function startWatch(
  core: CoreRemote,
  start: () => Promise<number>,
  onError?: (e: unknown) => void,
): () => void {
  let stopped = false;
  let id: number | null = null;
  start().then(
    (watchId) => {
      if (stopped) void core.unwatch(watchId).catch(() => undefined);
      else id = watchId;
    },
    (e: unknown) => {
      if (!stopped) onError?.(e);
    },
  );
  return () => {
    stopped = true;
    if (id !== null) void core.unwatch(id).catch(() => undefined);
  };
}
