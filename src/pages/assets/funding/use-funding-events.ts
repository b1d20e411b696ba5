import { useCallback, useEffect, useRef } from 'react';
import type { PrivateEvent } from '../../../../domain/spot';
import { usePrivateEvents } from '../../../core/use-private-events';

/** Bursts of events (a block credits several deposits) settle into one reload. */
const SETTLE_MS = 200;

/**
 * Calls `onChange` after the signed-in user's balance, deposit or funding decision events (the
 * `private` socket channel: a bank deposit confirmed or rejected, a withdrawal approved or rejected),
 * once per burst: a block that confirms a deposit also sends the balances, and the page
 * reads its data again once, and again after a reconnect. Order and fill events are the trade
 * pages' business.
 */
export function useFundingEvents(enabled: boolean, onChange: () => void): void {
  const latest = useRef(onChange);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onEvent = useCallback((e: PrivateEvent) => {
    if (e.type === 'order' || e.type === 'fill' || e.type === 'lever') return;
    // Of the operator's decisions, only bank deposits and withdrawals are funding records.
    if (e.type === 'decision' && e.subject !== 'bankDeposit' && e.subject !== 'withdrawal') return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, SETTLE_MS);
  }, []);
  // After a reconnect the page reads again: events meanwhile were not streamed to it.
  const resync = useCallback(() => latest.current(), []);
  usePrivateEvents(enabled, onEvent, resync);
}
