import { useEffect, useRef } from 'react';
import * as Comlink from 'comlink';
import type { PrivateEvent } from '../../../domain/spot';
import { channels } from '../../../domain/market-data';
import { useCore } from '../../core/contexts';

/**
 * Listens to the signed-in user's `private` socket channel (order and balance events) while
 * `enabled`. The listener crosses to the worker with Comlink.proxy and is unsubscribed on unmount.
 */
export function usePrivateEvents(enabled: boolean, onEvent: (event: PrivateEvent) => void): void {
  const { core } = useCore();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!enabled) return;
    let id: number | null = null;
    let gone = false;
    const listener = Comlink.proxy((data: unknown) => {
      if (!gone && data && typeof data === 'object' && 'type' in data) latest.current(data as PrivateEvent);
    });
    core.subscribe(channels.private, listener).then(
      (sub) => {
        if (gone) void core.unsubscribe(sub);
        else id = sub;
      },
      (e: unknown) => console.error('private subscribe failed', e),
    );
    return () => {
      gone = true;
      if (id !== null) void core.unsubscribe(id);
    };
  }, [core, enabled]);
}
