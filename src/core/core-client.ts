import * as Comlink from 'comlink';
import type { Remote } from 'comlink';
import type { EndpointName, Req, Res } from '../../domain/endpoints';
import type { Outcome } from '../../domain/envelope';
import type { CoreApi, SocketState } from '../../worker/core-api';

/** The worker core as the UI holds it: every method returns a promise across the Comlink bridge. */
export type CoreRemote = Remote<CoreApi>;

type Listener<T> = (value: T) => void;

let core: CoreRemote | undefined;
const busyListeners = new Set<Listener<boolean>>();
const socketListeners = new Set<Listener<SocketState>>();

/**
 * The one worker core of this tab. Created on first use; the worker's `onLoading` and
 * `onSocketState` take a listener but have no "off", so one proxy each is registered here and
 * fanned out to UI subscribers (StrictMode mounts twice; registering per mount would leak).
 */
export function getCore(): CoreRemote {
  if (!core) {
    // The HTML's boot script starts the worker beside the framework's download
    // (build/start-worker-early.ts); without it (the dev server) the worker starts here.
    const worker =
      (window as { coreWorker?: Worker }).coreWorker ??
      new Worker(new URL('../../worker/index.ts', import.meta.url), {
        type: 'module',
        name: `core${location.hash}`,
      });
    core = Comlink.wrap<CoreApi>(worker);
    void core.onLoading(Comlink.proxy((busy: boolean) => busyListeners.forEach((l) => l(busy))));
    void core.onSocketState(Comlink.proxy((s: SocketState) => socketListeners.forEach((l) => l(s))));
  }
  return core;
}

/** Subscribes to the worker's in-flight indicator (variant-3 calls); returns the unsubscribe. */
export function onBusy(listener: Listener<boolean>): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

/** Subscribes to the socket connection state; returns the unsubscribe. */
export function onSocketState(listener: Listener<SocketState>): () => void {
  socketListeners.add(listener);
  return () => socketListeners.delete(listener);
}

/**
 * `core.call` with its endpoint typing: Comlink's `Remote` type erases the generic of
 * `CoreApi.call`, so the reply type K → Res<K> is restored here, in one place.
 */
export function coreCall<K extends EndpointName>(
  core: CoreRemote,
  name: K,
  req: Req<K>,
): Promise<Outcome<Res<K>>> {
  return core.call(name, req) as unknown as Promise<Outcome<Res<K>>>;
}
