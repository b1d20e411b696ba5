import { useCallback, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../../../../domain/envelope';
import type { DatedOutcome } from '../../../../worker/core-api';
import type { DataTime } from '../../../core/use-private-read';

/** Rows per page of the team lists. */
export const TEAM_PAGE = 20;

/** A paged list loaded newest first with `before` = the last row's id. */
export interface Pages<T> {
  rows: T[] | null;
  /** When the first page was current and whether it comes from the device (offline); null when undated. */
  time: DataTime;
  failed: boolean;
  /** More rows may follow. */
  more: boolean;
  busy: boolean;
  loadMore(): Promise<void>;
  reload(): Promise<void>;
}

/**
 * Loads the first page at once, further pages on `loadMore`; `reload` starts again. A private read
 * (`DatedOutcome`) dates the first page, which offline comes from the device.
 */
export function usePages<T extends { id: number }>(
  fetchPage: (before: number | undefined) => Promise<Outcome<T[]> | DatedOutcome<T[]>>,
): Pages<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [time, setTime] = useState<DataTime>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const rowsRef = useRef<T[] | null>(null);

  const keep = useCallback((out: Outcome<T[]> | DatedOutcome<T[]>, append: boolean) => {
    setFailed(!out.ok);
    if (!out.ok) return;
    if (!append) setTime('savedAt' in out ? { savedAt: out.savedAt, source: out.source } : null);
    const next = append && rowsRef.current ? [...rowsRef.current, ...out.data] : out.data;
    rowsRef.current = next;
    setRows(next);
    setMore(out.data.length === TEAM_PAGE);
  }, []);

  useEffect(() => {
    let live = true;
    void fetchPage(undefined).then((out) => live && keep(out, false));
    return () => {
      live = false;
    };
  }, [fetchPage, keep]);

  const loadMore = useCallback(async () => {
    const last = rowsRef.current?.at(-1);
    if (!last) return;
    setBusy(true);
    try {
      keep(await fetchPage(last.id), true);
    } finally {
      setBusy(false);
    }
  }, [fetchPage, keep]);

  const reload = useCallback(async () => keep(await fetchPage(undefined), false), [fetchPage, keep]);
  return { rows, time, failed, more, busy, loadMore, reload };
}
