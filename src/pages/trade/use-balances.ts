import { useCallback, useEffect, useState } from 'react';
import type { BalanceLine, PrivateEvent } from '../../../domain/spot';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateEvents } from './use-private-events';

interface Held {
  /** Whose balances these are: a sign-out or another account never shows the previous ones. */
  userId: number;
  lines: BalanceLine[];
}

/** The signed-in user's balances (`assets/balances`), kept fresh by `private` balance events. */
export function useBalances(): { balances: BalanceLine[] | null; reload(): Promise<void> } {
  const call = useCall();
  const { user } = useUser();
  const userId = user?.id ?? null;
  const [held, setHeld] = useState<Held | null>(null);

  const fetchLines = useCallback(async () => {
    if (userId === null) return null;
    const out = await call('assets/balances', {});
    return out.ok ? { userId, lines: out.data } : null;
  }, [call, userId]);
  const keep = useCallback((next: Held | null) => {
    if (next) setHeld(next);
  }, []);

  useEffect(() => {
    void fetchLines().then(keep);
  }, [fetchLines, keep]);

  const onEvent = useCallback(
    (e: PrivateEvent) => {
      // A balance event carries every balance line of the user.
      if (e.type === 'balance' && userId !== null) setHeld({ userId, lines: e.balances });
    },
    [userId],
  );
  usePrivateEvents(userId !== null, onEvent);
  const reload = useCallback(() => fetchLines().then(keep), [fetchLines, keep]);
  return { balances: held && held.userId === userId ? held.lines : null, reload };
}

/** The available spot balance of `coin` (`0` when none is held), or null while unknown. */
export function spotAvailable(balances: readonly BalanceLine[] | null, coin: string): string | null {
  if (!balances) return null;
  return balances.find((b) => b.account === 'spot' && b.coin === coin)?.available ?? '0';
}
