import { useCallback, useEffect, useState } from 'react';
import type { PrivateEvent, SpotOrder } from '../../../domain/spot';
import { useUser } from '../../core/contexts';
import { timeOf, usePrivateRead, type DataTime } from '../../core/use-private-read';
import type { DatedOutcome } from '../../../worker/core-api';
import { usePrivateEvents } from '../../core/use-private-events';

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
  time: DataTime;
}

/** Open orders and how to refresh them. */
export interface OpenOrders {
  /** Newest first; null while unknown. */
  orders: SpotOrder[] | null;
  /** When the list was current and whether it comes from the device (offline). */
  time: DataTime;
  /** The last read failed and nothing is known: show that instead of a spinner. */
  failed: boolean;
  reload(): Promise<void>;
  /** Applies an order the caller got back from the server (placed or cancelled) at once. */
  apply(order: SpotOrder): void;
}

/**
 * The signed-in user's open orders, of one market or (without `symbol`) of all: the device's last
 * list first (offline too), then the server's, kept fresh by the `private` order events and read
 * again after a reconnect.
 */
export function useOpenOrders(symbol?: string): OpenOrders {
  const read = usePrivateRead();
  const { user } = useUser();
  const userId = user?.id ?? null;
  const key = `${userId ?? ''}|${symbol ?? ''}`;
  const [held, setHeld] = useState<Held | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);

  const fetchOrders = useCallback(async () => {
    if (userId === null) return null;
    const forKey = `${userId}|${symbol ?? ''}`;
    const req = { status: 'open', limit: OPEN_LIMIT, ...(symbol && { symbol }) } as const;
    const out = await read('trade/orders', req, (c) =>
      setHeld((h) => (h?.key === forKey ? h : { key: forKey, orders: c.data, time: timeOf(c) })),
    );
    return { forKey, out };
  }, [read, userId, symbol]);
  const keep = useCallback((got: { forKey: string; out: DatedOutcome<SpotOrder[]> } | null) => {
    if (!got) return;
    const { forKey, out } = got;
    if (out.ok) setHeld({ key: forKey, orders: out.data, time: timeOf(out) });
    setFailedKey(out.ok ? null : forKey);
  }, []);
  const load = useCallback(() => fetchOrders().then(keep), [fetchOrders, keep]);

  useEffect(() => {
    void fetchOrders().then(keep);
  }, [fetchOrders, keep]);

  const apply = useCallback(
    (order: SpotOrder) => {
      if (symbol && order.symbol !== symbol) return;
      setHeld((h) => (h && h.key === key ? { ...h, orders: upsertOpen(h.orders, order) } : h));
    },
    [symbol, key],
  );
  const onEvent = useCallback(
    (e: PrivateEvent) => {
      if (e.type === 'order') apply(e.order);
    },
    [apply],
  );
  usePrivateEvents(userId !== null, onEvent, load);
  const mine = held && held.key === key ? held : null;
  return {
    orders: mine?.orders ?? null,
    time: mine?.time ?? null,
    failed: !mine && failedKey === key,
    reload: load,
    apply,
  };
}
