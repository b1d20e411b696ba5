import { Pager } from '../components/pager';
import { DataTable, type DataTableProps } from './data-table';
import { ListBody, type EmptyText, type FailedText } from './list-body';
import type { PagerState } from './use-list';

/**
 * A paged list's body: its rows as a table in the states of {@link ListBody}, and the pager under
 * it (shown in every state, so the way back to the first page stays where it was).
 */
export function PagedTable<T extends { id: number }>({
  rows,
  pager,
  empty,
  failed,
  ...table
}: Omit<DataTableProps<T>, 'rows'> & {
  rows: readonly T[] | null | undefined;
  pager: PagerState;
  empty?: EmptyText;
  failed?: FailedText;
}) {
  return (
    <>
      <ListBody rows={rows} empty={empty} failed={failed}>
        {(shown) => <DataTable rows={shown} {...table} />}
      </ListBody>
      <Pager {...pager} />
    </>
  );
}
