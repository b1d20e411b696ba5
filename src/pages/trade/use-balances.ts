import { useCallback, useEffect, useState } from 'react';
import type { BalanceLine, PrivateEvent } from '../../../domain/spot';
import { useUser } from '../../core/contexts';
import { timeOf, usePrivateRead, type DataTime } from '../../core/use-private-read';
import type { DatedOutcome } from '../../../worker/core-api';
import { usePrivateEvents } from '../../core/use-private-events';

interface Held {
  /** Whose balances these are: a sign-out or another account never shows the previous ones. */
  userId: number;
  lines: BalanceLine[];
  time: DataTime;
}

/** The signed-in user's balances and when they were current. */
export interface BalancesState {
  /** Null while unknown. */
  balances: BalanceLine[] | null;
  /** When `balances` were current and whether they come from the device (offline). */
  time: DataTime;
  /** The last read failed and nothing is known: show that instead of a spinner. */
  failed: boolean;
  reload(): Promise<void>;
}

/**
 * The signed-in user's balances (`assets/balances`): the device's last copy first (offline too),
 * then the server's, kept fresh by `private` balance events and read again after a reconnect.
 */
export function useBalances(): BalancesState {
  const read = usePrivateRead();
  const { user } = useUser();
  const userId = user?.id ?? null;
  const [held, setHeld] = useState<Held | null>(null);
  const [failedFor, setFailedFor] = useState<number | null>(null);

  const fetchLines = useCallback(async () => {
    if (userId === null) return null;
    const out = await read('assets/balances', {}, (c) =>
      setHeld((h) => (h?.userId === userId ? h : { userId, lines: c.data, time: timeOf(c) })),
    );
    return { userId, out };
  }, [read, userId]);
  const keep = useCallback((got: { userId: number; out: DatedOutcome<BalanceLine[]> } | null) => {
    if (!got) return;
    const { userId: forUser, out } = got;
    if (out.ok) setHeld({ userId: forUser, lines: out.data, time: timeOf(out) });
    setFailedFor(out.ok ? null : forUser);
  }, []);
  const load = useCallback(() => fetchLines().then(keep), [fetchLines, keep]);

  useEffect(() => {
    void fetchLines().then(keep);
  }, [fetchLines, keep]);

  const onEvent = useCallback(
    (e: PrivateEvent) => {
      // A balance event carries every balance line of the user.
      if (e.type === 'balance' && userId !== null) {
        setHeld({ userId, lines: e.balances, time: { savedAt: Date.now(), source: 'live' } });
      }
    },
    [userId],
  );
  usePrivateEvents(userId !== null, onEvent, load);
  const mine = held && held.userId === userId ? held : null;
  return {
    balances: mine?.lines ?? null,
    time: mine?.time ?? null,
    failed: !mine && failedFor !== null && failedFor === userId,
    reload: load,
  };
}

/** The available spot balance of `coin` (`0` when none is held), or null while unknown. */
export function spotAvailable(balances: readonly BalanceLine[] | null, coin: string): string | null {
  if (!balances) return null;
  return balances.find((b) => b.account === 'spot' && b.coin === coin)?.available ?? '0';
}
