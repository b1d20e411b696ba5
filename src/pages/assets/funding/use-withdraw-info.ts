import { useCallback, useEffect, useRef, useState } from 'react';
import type { WithdrawQuota } from '../../../../domain/funding';
import { useCall } from '../../../core/use-call';

/** What the user may withdraw of a coin on a chain now (`assets/withdrawInfo`). */
export interface WithdrawInfoState {
  /** Null while loading or after a failure. */
  quota: WithdrawQuota | null;
  failed: boolean;
  reload(): Promise<void>;
}

/**
 * Loads the withdrawal quota of `coin` on `chain` (nothing while either is empty: signed out, or no
 * coin open); answers for a coin the user has since left are dropped.
 */
export function useWithdrawInfo(coin: string, chain: string): WithdrawInfoState {
  const call = useCall();
  const key = `${coin}:${chain}`;
  const current = useRef(key);
  const [held, setHeld] = useState<{ key: string; quota: WithdrawQuota | null } | null>(null);
  useEffect(() => {
    current.current = key;
  }, [key]);
  const reload = useCallback(async () => {
    if (!coin || !chain) return;
    const out = await call('assets/withdrawInfo', { coin, chain });
    if (current.current === key) setHeld({ key, quota: out.ok ? out.data : null });
  }, [call, coin, chain, key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const mine = held?.key === key ? held : null;
  return { quota: mine?.quota ?? null, failed: mine !== null && mine.quota === null, reload };
}
