import * as Comlink from 'comlink';
import { useSyncExternalStore } from 'react';
import type { SocketState } from '../../../worker/core-api';
import { getCore } from '../../core/core-client';

// The worker reports the socket state to a listener at once and then on each change, but offers no
// "off" and no getter; one module-level listener (registered on first use, never per mount) keeps
// the latest state for every market component.
let state: SocketState = 'idle';
let registered = false;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  if (!registered) {
    registered = true;
    void getCore().onSocketState(
      Comlink.proxy((next: SocketState) => {
        state = next;
        listeners.forEach((l) => l());
      }),
    );
  }
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The market socket's state: only `open` means prices are streaming live. */
export function useSocketState(): SocketState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
