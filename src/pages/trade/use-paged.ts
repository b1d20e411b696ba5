import { useCallback, useEffect, useRef, useState } from 'react';

/** Rows per page of order and fill lists. */
export const PAGE = 20;

/** A newest-first list loaded page by page with `before` = the last id shown. */
export interface Paged<T> {
  /** Null until the first page of the current `key` arrived. */
  items: T[] | null;
  loading: boolean;
  /** True once a page came back short: there is nothing older. */
  done: boolean;
  more(): Promise<void>;
  reload(): Promise<void>;
  /** Replaces the items that match (an order that changed). */
  update(match: (item: T) => boolean, next: T): void;
}

interface Held<T> {
  key: string;
  items: T[];
  done: boolean;
}

/**
 * Pages through a list. `load(before)` returns a page or null on failure (the intent handler has
 * already shown why). A new `key` (another tab, another user) starts over; answers for an older key
 * are dropped.
 */
export function usePaged<T>(
  key: string,
  load: (before: number | undefined) => Promise<T[] | null>,
  idOf: (item: T) => number,
): Paged<T> {
  const [held, setHeld] = useState<Held<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const current = useRef<{ key: string; items: T[] } | null>(null);
  const keyRef = useRef(key);
  useEffect(() => {
    keyRef.current = key;
  }, [key]);

  const keep = useCallback((forKey: string, items: T[], page: T[]) => {
    setLoading(false);
    if (forKey !== keyRef.current) return;
    current.current = { key: forKey, items };
    setHeld({ key: forKey, items, done: page.length < PAGE });
  }, []);

  const first = useCallback(async () => {
    const page = await load(undefined);
    return { page, forKey: key };
  }, [load, key]);

  useEffect(() => {
    void first().then(({ page, forKey }) => {
      if (page) keep(forKey, page, page);
    });
  }, [first, keep]);

  const reload = useCallback(async () => {
    setLoading(true);
    const { page, forKey } = await first();
    if (page) keep(forKey, page, page);
    else setLoading(false);
  }, [first, keep]);

  const more = useCallback(async () => {
    const have = current.current;
    if (!have || have.key !== key || have.items.length === 0) return;
    setLoading(true);
    const page = await load(idOf(have.items[have.items.length - 1]!));
    if (page) keep(key, [...have.items, ...page], page);
    else setLoading(false);
  }, [load, idOf, key, keep]);

  const update = useCallback((match: (item: T) => boolean, next: T) => {
    setHeld((h) => {
      if (!h) return h;
      const items = h.items.map((i) => (match(i) ? next : i));
      current.current = { key: h.key, items };
      return { ...h, items };
    });
  }, []);

  const mine = held && held.key === key ? held : null;
  return { items: mine?.items ?? null, loading, done: mine?.done ?? false, more, reload, update };
}
