import { useCallback, useEffect, useRef } from 'react';
import type { PrivateEvent } from '../../../../domain/spot';
import { usePrivateEvents } from '../../trade/use-private-events';

/** Bursts of events (a block credits several deposits) settle into one reload. */
const SETTLE_MS = 200;

/**
 * Calls `onChange` after the signed-in user's balance or deposit events (the `private` socket
 * channel), once per burst: a block that confirms a deposit also sends the balances, and the page
 * reads its data again once. Order and fill events are the trade pages' business.
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
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, SETTLE_MS);
  }, []);
  usePrivateEvents(enabled, onEvent);
}
