import { useCallback, useState } from 'react';
import type { Res } from '../../../../domain/endpoints';
import { PAGE, usePaged, type PageLoader, type Paged } from '../../../core/use-paged';
import { usePrivateRead } from '../../../core/use-private-read';

/** The team's paged lists (private reads, dated: offline the first page comes from the device). */
export type TeamListName = 'team/members' | 'team/rebates';

/** A team list as the invite page shows it. */
export interface TeamList<T> extends Paged<T> {
  /** The last page asked for (the first or a further one) failed: the list offers a retry. */
  failed: boolean;
}

const idOf = (row: { id: number }) => row.id;

/**
 * One team list, newest first, a page of {@link PAGE} rows at a time with `before` = the last row's
 * id. The first page is dated (the device's copy offline); a failed page, first or further, turns
 * the "more" button into a retry of the first page.
 */
export function useTeamList<K extends TeamListName>(name: K): TeamList<Res<K>[number]> {
  type Row = Res<K>[number];
  const read = usePrivateRead();
  const [failed, setFailed] = useState(false);
  const load = useCallback<PageLoader<Row>>(
    async (before) => {
      const out = await read(name, { limit: PAGE, ...(before && { before }) });
      setFailed(!out.ok);
      return out.ok ? { data: out.data as Row[], savedAt: out.savedAt, source: out.source } : null;
    },
    [read, name],
  );
  return { ...usePaged<Row>(name, load, idOf), failed };
}
