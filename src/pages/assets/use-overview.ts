import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssetsOverview } from '../../../domain/assets-estimate';
import type { PrivateEvent } from '../../../domain/spot';
import { useUser } from '../../core/contexts';
import { timeOf, usePrivateRead, type DataTime } from '../../core/use-private-read';
import { usePrivateEvents } from '../../core/use-private-events';

/** The assets overview as a page holds it. */
export interface OverviewState {
  /** The signed-in user's overview, or null until it arrived. */
  overview: AssetsOverview | null;
  /** When `overview` was current and whether it comes from the device (offline). */
  time: DataTime;
  /** The last load failed (the intent handler already said why); `overview` may still hold older data. */
  failed: boolean;
  reload(): Promise<void>;
}

interface Held {
  /** Whose overview this is: a sign-out or another account never shows the previous one. */
  userId: number;
  overview: AssetsOverview;
  time: DataTime;
}

/**
 * The signed-in user's five accounts with estimates (`assets/overview`): the device's last copy
 * first (offline too), then the server's; read again after a reconnect. A private `balance` event
 * reloads it, since estimates are the server's to compute; events arriving during a load are
 * coalesced into one more load after it, so a burst of fills costs two calls, not one per fill.
 * `onBalance` lets a page refresh what else it shows from the ledger (journal lines).
 */
export function useOverview(onBalance?: () => void): OverviewState {
  const read = usePrivateRead();
  const { user } = useUser();
  const userId = user?.id ?? null;
  const [held, setHeld] = useState<Held | null>(null);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const load = useCallback(async (): Promise<void> => {
    if (userId === null) return;
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const run = (async () => {
      do {
        again.current = false;
        const out = await read('assets/overview', {}, (c) =>
          setHeld((h) => (h?.userId === userId ? h : { userId, overview: c.data, time: timeOf(c) })),
        );
        if (out.ok) {
          setHeld({ userId, overview: out.data, time: timeOf(out) });
          setFailed(false);
        } else setFailed(true);
      } while (again.current);
    })();
    inFlight.current = run;
    try {
      await run;
    } finally {
      inFlight.current = null;
    }
  }, [read, userId]);

  useEffect(() => {
    void load();
  }, [load]);

  const onEvent = useCallback(
    (e: PrivateEvent) => {
      if (e.type !== 'balance') return;
      void load();
      onBalance?.();
    },
    [load, onBalance],
  );
  const resync = useCallback(() => {
    void load();
    onBalance?.();
  }, [load, onBalance]);
  usePrivateEvents(userId !== null, onEvent, resync);

  const mine = held && held.userId === userId ? held : null;
  return { overview: mine?.overview ?? null, time: mine?.time ?? null, failed, reload: load };
}
