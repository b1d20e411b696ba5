import { useCallback, useEffect, useRef } from 'react';
import * as Comlink from 'comlink';
import type { DecisionSubject, PrivateEvent } from '../../domain/spot';
import { channels } from '../../domain/market-data';
import { useReconnect } from '../components/use-reconnect';
import { useCore } from './contexts';

/**
 * Listens to the signed-in user's `private` socket channel (order and balance events) while
 * `enabled`. The listener crosses to the worker with Comlink.proxy and is unsubscribed on unmount.
 * `onResync` is called when the view must read its state again: the channel streams again after a
 * lost connection (the worker's resync signal), or the app reaches the server again after it could
 * not. Events are only changes, so a view that missed some is wrong until it reads again.
 */
export function usePrivateEvents(
  enabled: boolean,
  onEvent: (event: PrivateEvent) => void,
  onResync?: () => void,
): void {
  const { core } = useCore();
  const latest = useRef(onEvent);
  const resync = useRef(onResync);
  useEffect(() => {
    latest.current = onEvent;
    resync.current = onResync;
  }, [onEvent, onResync]);

  useEffect(() => {
    if (!enabled) return;
    let id: number | null = null;
    let gone = false;
    const listener = Comlink.proxy((data: unknown) => {
      if (!gone && data && typeof data === 'object' && 'type' in data) latest.current(data as PrivateEvent);
    });
    const onResynced = Comlink.proxy(() => {
      if (!gone) resync.current?.();
    });
    core.subscribe(channels.private, listener, onResynced).then(
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

  useReconnect(
    useCallback(() => {
      if (enabled) resync.current?.();
    }, [enabled]),
  );
}

/** Reads a private view again whenever it may have missed changes (see usePrivateEvents). */
export function usePrivateResync(enabled: boolean, reload: () => unknown): void {
  const noEvent = useCallback(() => undefined, []);
  const again = useCallback(() => void reload(), [reload]);
  usePrivateEvents(enabled, noEvent, again);
}

/**
 * Reads a view again when an operator decides one of the user's records of `subjects` (the private
 * `decision` event: a merchant application approved, a listing reviewed …), and whenever it may have
 * missed one (see usePrivateEvents). `subjects` is compared by value.
 */
export function useDecisionReload(
  enabled: boolean,
  subjects: readonly DecisionSubject[],
  reload: () => unknown,
): void {
  const key = subjects.join(',');
  const onEvent = useCallback(
    (e: PrivateEvent) => {
      if (e.type === 'decision' && key.split(',').includes(e.subject)) void reload();
    },
    [key, reload],
  );
  const again = useCallback(() => void reload(), [reload]);
  usePrivateEvents(enabled, onEvent, again);
}
