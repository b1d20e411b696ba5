import { useCallback, useRef, useState } from 'react';
import type { Outcome } from '../../../domain/envelope';
import type { PlaceOrderReq, SpotOrder } from '../../../domain/spot';
import { useCall } from '../../core/use-call';
import { newClientOrderId } from './trade-format';

/** Server fields the order form shows inline. */
export const ORDER_FIELDS = ['price', 'qty', 'amount', 'tradePassword'] as const;

/** Failures after which the order may or may not exist: a retry must reuse the same client id. */
function uncertain(out: Outcome<unknown>): boolean {
  if (out.ok) return false;
  return out.intent === 'serverFault' || out.messageKey === 'timeout' || out.messageKey === 'offline';
}

/**
 * Places orders with a client order id per submission: a double tap is ignored while one is in
 * flight, and a retry after a timeout or server fault sends the same id, so the server returns the
 * first order instead of placing a second one. Editing the order starts a new submission.
 */
export function usePlaceOrder(): {
  busy: boolean;
  place(req: PlaceOrderReq): Promise<Outcome<SpotOrder> | null>;
} {
  const call = useCall();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const pending = useRef<{ signature: string; id: string } | null>(null);

  const place = useCallback(
    async (req: PlaceOrderReq) => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      const { tradePassword: _omit, ...order } = req;
      const signature = JSON.stringify(order);
      if (pending.current?.signature !== signature) {
        pending.current = { signature, id: newClientOrderId() };
      }
      try {
        const out = await call(
          'trade/place',
          { ...req, clientOrderId: pending.current.id },
          { fields: ORDER_FIELDS },
        );
        if (!uncertain(out)) pending.current = null;
        return out;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [call],
  );
  return { busy, place };
}
