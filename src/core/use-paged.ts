import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataTime } from './use-private-read';
import type { Outcome } from '../../domain/envelope';
import type { Dated, DatedOutcome } from '../../worker/core-api';

/** Rows per page of order and fill lists. */
export const PAGE = 20;

/** A newest-first list loaded page by page with `before` = the last id shown. */
export interface Paged<T> {
  /** Null until the first page of the current `key` arrived. */
  items: T[] | null;
  /** When the first page was current and whether it comes from the device (offline); null when undated. */
  time: DataTime;
  loading: boolean;
  /** True once a page came back short: there is nothing older. */
  done: boolean;
  more(): Promise<void>;
  reload(): Promise<void>;
  /** Replaces the items that match (an order that changed). */
  update(match: (item: T) => boolean, next: T): void;
}

/** A page as `load` answers it: the items, or the items dated (a private read), or null on failure. */
export type PageAnswer<T> = T[] | Dated<T[]> | null;

/**
 * Loads one page. For the first page (`before` undefined) a private read may hand the device's copy
 * to `onCached` at once, before the server answers.
 */
export type PageLoader<T> = (
  before: number | undefined,
  onCached?: (cached: Dated<T[]>) => void,
) => Promise<PageAnswer<T>>;

interface Held<T> {
  key: string;
  items: T[];
  done: boolean;
  time: DataTime;
}

const itemsOf = <T>(page: T[] | Dated<T[]>): T[] => (Array.isArray(page) ? page : page.data);
const timeOfPage = <T>(page: T[] | Dated<T[]>): DataTime =>
  Array.isArray(page) ? null : { savedAt: page.savedAt, source: page.source };

/**
 * Pages through a list. `load(before)` returns a page or null on failure (the intent handler has
 * already shown why). A new `key` (another tab, another user) starts over; answers for an older key
 * are dropped.
 */
export function usePaged<T>(key: string, load: PageLoader<T>, idOf: (item: T) => number): Paged<T> {
  const [held, setHeld] = useState<Held<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const current = useRef<{ key: string; items: T[] } | null>(null);
  const keyRef = useRef(key);
  useEffect(() => {
    keyRef.current = key;
  }, [key]);

  const keep = useCallback((forKey: string, items: T[], page: T[], time: DataTime) => {
    setLoading(false);
    if (forKey !== keyRef.current) return;
    current.current = { key: forKey, items };
    setHeld({ key: forKey, items, done: page.length < PAGE, time });
  }, []);

  const first = useCallback(async () => {
    const page = await load(undefined, (cached) => {
      // The device's copy is only a first render: never over what this key already shows.
      if (key !== keyRef.current || current.current?.key === key) return;
      current.current = { key, items: cached.data };
      setHeld({ key, items: cached.data, done: cached.data.length < PAGE, time: timeOfPage(cached) });
    });
    return { page, forKey: key };
  }, [load, key]);

  const keepFirst = useCallback(
    ({ page, forKey }: { page: PageAnswer<T>; forKey: string }) => {
      if (!page) return false;
      const items = itemsOf(page);
      keep(forKey, items, items, timeOfPage(page));
      return true;
    },
    [keep],
  );

  useEffect(() => {
    void first().then(keepFirst);
  }, [first, keepFirst]);

  const reload = useCallback(async () => {
    setLoading(true);
    if (!keepFirst(await first())) setLoading(false);
  }, [first, keepFirst]);

  const more = useCallback(async () => {
    const have = current.current;
    if (!have || have.key !== key || have.items.length === 0) return;
    setLoading(true);
    const page = await load(idOf(have.items[have.items.length - 1]!));
    if (page) {
      const items = itemsOf(page);
      keep(key, [...have.items, ...items], items, held?.key === key ? held.time : null);
    } else setLoading(false);
  }, [load, idOf, key, keep, held]);

  const update = useCallback((match: (item: T) => boolean, next: T) => {
    setHeld((h) => {
      if (!h) return h;
      const items = h.items.map((i) => (match(i) ? next : i));
      current.current = { key: h.key, items };
      return { ...h, items };
    });
  }, []);

  const mine = held && held.key === key ? held : null;
  return {
    items: mine?.items ?? null,
    time: mine?.time ?? null,
    loading,
    done: mine?.done ?? false,
    more,
    reload,
    update,
  };
}

/** A paged history that also knows when its first page could not be loaded. */
export interface History<T> extends Paged<T> {
  /** The first page of the current key failed: show a retry instead of a spinner that never ends. */
  failed: boolean;
}

/**
 * `usePaged` over a call that returns an outcome (null when there is nothing to ask, such as
 * signed out). A failed first page is remembered per key so the page can offer a retry. A private
 * read (`DatedOutcome`, see usePrivateRead) shows the device's copy of the first page at once and
 * keeps its date.
 */
export function useHistory<T>(
  key: string,
  fetchPage: (
    before: number | undefined,
    onCached?: (cached: Dated<T[]>) => void,
  ) => Promise<Outcome<T[]> | DatedOutcome<T[]> | null>,
  idOf: (item: T) => number,
): History<T> {
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const load = useCallback(
    async (before: number | undefined, onCached?: (cached: Dated<T[]>) => void) => {
      const out = await fetchPage(before, onCached);
      if (!out) return null;
      if (before === undefined) setFailedKey(out.ok ? null : key);
      if (!out.ok) return null;
      return 'savedAt' in out ? { data: out.data, savedAt: out.savedAt, source: out.source } : out.data;
    },
    [fetchPage, key],
  );
  const paged = usePaged(key, load, idOf);
  return { ...paged, failed: paged.items === null && failedKey === key };
}
