import * as Comlink from 'comlink';
import { useSyncExternalStore } from 'react';
import type { Reachability } from '../../worker/core-api';
import { getCore } from '../core/core-client';

// `navigator.onLine` alone lies in the useful direction (Chromium reports online after an offline
// reload): the worker's evidence — replies and the socket — decides too. One module-level listener,
// registered on first use, serves every component.
let reachable: Reachability = 'online';
let registered = false;
const listeners = new Set<() => void>();
const changed = (): void => listeners.forEach((l) => l());

function subscribe(onChange: () => void): () => void {
  if (!registered) {
    registered = true;
    void getCore().onReachability(
      Comlink.proxy((next: Reachability) => {
        reachable = next;
        changed();
      }),
    );
  }
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the app can reach the server: the browser says online and the worker's last evidence agrees. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && reachable === 'online',
    () => true,
  );
}
