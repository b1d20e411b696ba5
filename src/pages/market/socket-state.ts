import * as Comlink from 'comlink';
import { useSyncExternalStore } from 'react';
import type { SocketState } from '../../../worker/core-api';
import { getCore } from '../../core/core-client';

// The worker reports the socket state to a listener at once and then on each change, but offers no
// "off" and no getter; one module-level listener (registered on first use, never per mount) keeps
// the latest state for every market component.
let state: SocketState = 'idle';
/** The socket has been open at least once in this app session. */
let everOpen = false;
let registered = false;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  if (!registered) {
    registered = true;
    void getCore().onSocketState(
      Comlink.proxy((next: SocketState) => {
        state = next;
        if (next === 'open') everOpen = true;
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

/**
 * Whether live data can be trusted as current: the socket streams, or its first connection is still
 * opening (a REST reply fetched meanwhile is fresh; flagging it would flash an age line on every
 * first visit and shift the page). After a drop, anything but `open` is not streaming.
 */
export function useStreaming(): boolean {
  const snapshot = (): boolean => state === 'open' || (state !== 'closed' && !everOpen);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
