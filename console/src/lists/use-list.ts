// The state of a paged, filtered list. Every list of the console pages newest first by id: a page
// is the rows below a cursor `before` (components/pager), read from the server a page at a time, or
// cut from a list the server gives whole (client-page.ts). A new filter starts at the first page.
import { useCallback, useState } from 'react';
import { useLoad } from '../core/use-load';
import { clientPage } from './client-page';

/** Rows per page. */
export const PAGE_SIZE = 20;

/** What {@link Pager} takes (components/pager). */
export interface PagerState {
  atStart: boolean;
  next: number | null;
  onFirst: () => void;
  onNext: (before: number) => void;
}

/** The page a server list route is asked for (`OpsPage`): `limit` rows below `before`. */
export interface PageAt {
  limit: number;
  before?: number;
}

/** A filter and the cursor in the list it narrows; choosing a filter goes back to the first page. */
function useFilterAndCursor<F>(initial: F) {
  const [at, setAt] = useState<{ filter: F; before: number | null }>({ filter: initial, before: null });
  const pager = (next: number | null): PagerState => ({
    atStart: at.before === null,
    next,
    onFirst: () => setAt((a) => ({ ...a, before: null })),
    onNext: (before) => setAt((a) => ({ ...a, before })),
  });
  return {
    filter: at.filter,
    before: at.before,
    setFilter: (filter: F) => setAt({ filter, before: null }),
    pager,
  };
}

/**
 * A list the server pages: `read` (a `useCallback` over what it depends on) gets the filter and the
 * page and gives the rows, or null when the call failed (it told the operator; the list then reads
 * as empty). A full page means there may be older rows: the pager offers them below its last one.
 * `update` edits the rows shown (a decision taken on one), `reload` reads the page again.
 */
export function useServerList<T extends { id: number }, F>(
  // The filter's type is `read`'s: a first value `'active'` is one of its values, not its type.
  initial: NoInfer<F>,
  read: (filter: F, page: PageAt) => Promise<T[] | null>,
  size = PAGE_SIZE,
) {
  const { filter, before, setFilter, pager } = useFilterAndCursor(initial);
  const load = useCallback(
    async () => (await read(filter, { limit: size, ...(before !== null && { before }) })) ?? [],
    [read, filter, before, size],
  );
  const { data: rows, reload, update } = useLoad(load);
  const next = rows && rows.length === size ? rows[rows.length - 1]!.id : null;
  return { filter, setFilter, rows, reload, update, pager: pager(next) };
}

/**
 * A list the server gives whole (`useLoad`'s: `data` undefined while read, null when the read
 * failed), narrowed by `match` and paged here, newest first, as a server list would be.
 */
export function useClientList<T extends { id: number }, F>(
  { data, reload }: { data: readonly T[] | null | undefined; reload: () => void },
  initial: F,
  match: (row: T, filter: F) => boolean,
  size = PAGE_SIZE,
) {
  const { filter, before, setFilter, pager } = useFilterAndCursor(initial);
  const shown = data
    ? clientPage(
        data.filter((r) => match(r, filter)),
        before,
        size,
      )
    : data;
  return { filter, setFilter, reload, rows: shown && shown.rows, pager: pager(shown?.next ?? null) };
}
