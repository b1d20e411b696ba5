import { useCallback, useEffect, useState } from 'react';
import type { BankCard } from '../../../../domain/funding';
import { useCall } from '../../../core/use-call';

/** The signed-in user's bound bank card, as the bank deposit form needs it. */
export interface BankCardState {
  /** Undefined while loading; null when no card is bound. */
  card: BankCard | null | undefined;
  failed: boolean;
  reload(): Promise<void>;
}

/** Loads `user/bankCard` once (and again on `reload`). */
export function useBankCard(): BankCardState {
  const call = useCall();
  const [card, setCard] = useState<BankCard | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const fetchCard = useCallback(() => call('user/bankCard', {}), [call]);
  const keep = useCallback((out: Awaited<ReturnType<typeof fetchCard>>) => {
    setFailed(!out.ok);
    if (out.ok) setCard(out.data.card ?? null);
  }, []);
  useEffect(() => {
    let live = true;
    void fetchCard().then((out) => live && keep(out));
    return () => {
      live = false;
    };
  }, [fetchCard, keep]);
  const reload = useCallback(() => fetchCard().then(keep), [fetchCard, keep]);
  return { card, failed, reload };
}
