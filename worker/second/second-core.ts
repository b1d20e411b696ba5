import {
  channels,
  type EndpointName,
  type Outcome,
  type PrivateEvent,
  type Req,
  type Res,
} from '../../domain';
import type { SocketClient } from '../socket-client';
import type { DeviceStore } from '../store';
import type { Timers } from '../timers';
import { secondCache } from './second-cache';
import { watchSecondOptions, type SecondState } from './second-watch';

/** What the core lends the option watcher (kept here so the core's first load stays as it was). */
export interface SecondCoreDeps {
  socket: Pick<SocketClient, 'subscribe' | 'unsubscribe' | 'state' | 'onState'>;
  call<K extends EndpointName>(name: K, req: Req<K>): Promise<Outcome<Res<K>>>;
  userId(): number | null;
  store: Pick<DeviceStore, 'get' | 'set'>;
  timers?: Timers;
}

/** Starts an option watcher on the core's socket, session and store; returns its stop function. */
export function startSecondWatch(deps: SecondCoreDeps, listener: (s: SecondState) => void): () => void {
  const { socket } = deps;
  return watchSecondOptions(
    {
      call: deps.call,
      onPrivate(fn) {
        const sub = socket.subscribe(channels.private, (data) => {
          if (data && typeof data === 'object' && 'type' in data) fn(data as PrivateEvent);
        });
        return () => socket.unsubscribe(sub);
      },
      onSocketOpen(fn) {
        let was = socket.state();
        return socket.onState((s) => {
          if (s === 'open' && was !== 'open') fn();
          was = s;
        });
      },
      userId: deps.userId,
      cache: secondCache(deps.store),
      ...(deps.timers && { timers: deps.timers }),
    },
    listener,
  );
}
