import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssetsOverview } from '../../../domain/assets-estimate';
import type { PrivateEvent } from '../../../domain/spot';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateEvents } from '../trade/use-private-events';

/** The assets overview as a page holds it. */
export interface OverviewState {
  /** The signed-in user's overview, or null until it arrived. */
  overview: AssetsOverview | null;
  /** The last load failed (the intent handler already said why); `overview` may still hold older data. */
  failed: boolean;
  reload(): Promise<void>;
}

interface Held {
  /** Whose overview this is: a sign-out or another account never shows the previous one. */
  userId: number;
  overview: AssetsOverview;
}

/**
 * The signed-in user's five accounts with estimates (`assets/overview`). A private `balance` event
 * reloads it, since estimates are the server's to compute; events arriving during a load are
 * coalesced into one more load after it, so a burst of fills costs two calls, not one per fill.
 * `onBalance` lets a page refresh what else it shows from the ledger (journal lines).
 */
export function useOverview(onBalance?: () => void): OverviewState {
  const call = useCall();
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
        const out = await call('assets/overview', {});
        if (out.ok) {
          setHeld({ userId, overview: out.data });
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
  }, [call, userId]);

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
  usePrivateEvents(userId !== null, onEvent);

  return { overview: held && held.userId === userId ? held.overview : null, failed, reload: load };
}
