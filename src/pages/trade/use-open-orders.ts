import { useCallback, useEffect, useState } from 'react';
import type { PrivateEvent, SpotOrder } from '../../../domain/spot';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateEvents } from './use-private-events';

/** Most open orders listed at once (the server's page limit is 200). */
const OPEN_LIMIT = 100;

/** Puts a changed order into a newest-first list of open orders, or takes it out once it ended. */
export function upsertOpen(list: readonly SpotOrder[], order: SpotOrder): SpotOrder[] {
  const rest = list.filter((o) => o.id !== order.id);
  if (order.status !== 'open') return rest;
  return [...rest, order].sort((a, b) => b.id - a.id);
}

interface Held {
  /** The user and market the list belongs to (`userId|symbol`). */
  key: string;
  orders: SpotOrder[];
}

/** Open orders and how to refresh them. */
export interface OpenOrders {
  /** Newest first; null while unknown. */
  orders: SpotOrder[] | null;
  reload(): Promise<void>;
  /** Applies an order the caller got back from the server (placed or cancelled) at once. */
  apply(order: SpotOrder): void;
}

/**
 * The signed-in user's open orders, of one market or (without `symbol`) of all, kept fresh by the
 * `private` order events.
 */
export function useOpenOrders(symbol?: string): OpenOrders {
  const call = useCall();
  const { user } = useUser();
  const userId = user?.id ?? null;
  const key = `${userId ?? ''}|${symbol ?? ''}`;
  const [held, setHeld] = useState<Held | null>(null);

  const fetchOrders = useCallback(async (): Promise<Held | null> => {
    if (userId === null) return null;
    const out = await call('trade/orders', { status: 'open', limit: OPEN_LIMIT, ...(symbol && { symbol }) });
    return out.ok ? { key: `${userId}|${symbol ?? ''}`, orders: out.data } : null;
  }, [call, userId, symbol]);
  const keep = useCallback((next: Held | null) => {
    if (next) setHeld(next);
  }, []);

  useEffect(() => {
    void fetchOrders().then(keep);
  }, [fetchOrders, keep]);

  const apply = useCallback(
    (order: SpotOrder) => {
      if (symbol && order.symbol !== symbol) return;
      setHeld((h) => (h && h.key === key ? { key, orders: upsertOpen(h.orders, order) } : h));
    },
    [symbol, key],
  );
  const onEvent = useCallback(
    (e: PrivateEvent) => {
      if (e.type === 'order') apply(e.order);
    },
    [apply],
  );
  usePrivateEvents(userId !== null, onEvent);
  const reload = useCallback(() => fetchOrders().then(keep), [fetchOrders, keep]);
  return { orders: held && held.key === key ? held.orders : null, reload, apply };
}
