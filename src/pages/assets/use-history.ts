import { useCallback, useState } from 'react';
import type { Outcome } from '../../../domain/envelope';
import type { Dated, DatedOutcome } from '../../../worker/core-api';
import { usePaged } from '../trade/use-paged';
import type { Paged } from '../trade/use-paged';

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
