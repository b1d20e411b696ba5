// The page's handle on the console's worker (console/worker): one per tab, created on first use.
// The page imports the worker's types only; the network, the token and the socket live there.
import * as Comlink from 'comlink';
import type { Remote } from 'comlink';
import type { OpsEvent } from '../../../domain/ops-api';
import type { ConsoleApi, SignOutReason, SocketState } from '../../worker/api';

export type ApiRemote = Remote<ConsoleApi>;

let api: ApiRemote | undefined;
const eventListeners = new Set<(event: OpsEvent) => void>();
const stateListeners = new Set<(state: SocketState) => void>();
const signedOutListeners = new Set<(reason: SignOutReason) => void>();
let socketState: SocketState = 'off';

/** The worker's API; the worker's listeners are registered once and fanned out here. */
export function getApi(): ApiRemote {
  if (!api) {
    const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), {
      type: 'module',
      name: 'ops-console',
    });
    api = Comlink.wrap<ConsoleApi>(worker);
    void api.onEvent(Comlink.proxy((e: OpsEvent) => eventListeners.forEach((l) => l(e))));
    void api.onSocketState(
      Comlink.proxy((s: SocketState) => {
        socketState = s;
        stateListeners.forEach((l) => l(s));
      }),
    );
    void api.onSignedOut(
      Comlink.proxy((reason: SignOutReason) => signedOutListeners.forEach((l) => l(reason))),
    );
  }
  return api;
}

/** Hears the operator socket's events; returns the unsubscribe. */
export function onOpsEvent(listener: (event: OpsEvent) => void): () => void {
  getApi();
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** Hears the socket's state (now, then on each change); returns the unsubscribe. */
export function onSocketState(listener: (state: SocketState) => void): () => void {
  getApi();
  stateListeners.add(listener);
  listener(socketState);
  return () => stateListeners.delete(listener);
}

/** Hears that the session ended, and why; returns the unsubscribe. */
export function onSignedOut(listener: (reason: SignOutReason) => void): () => void {
  getApi();
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}
