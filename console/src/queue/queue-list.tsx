import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCall } from '../core/use-call';
import { numberColumn, type Column } from '../lists/data-table';
import { PagedTable } from '../lists/paged-table';
import { ListPage } from '../lists/list-page';
import { useServerList, type PageAt } from '../lists/use-list';
import { statusKey, type QueueItem, type QueueSpec } from './spec';
import { WaitingCount } from './waiting-count';
import { useShow } from './use-show';

/** A queue's list: a status filter (waiting ones first), newest first, paged. */
export function QueueList<T extends QueueItem>({ spec }: { spec: QueueSpec<T> }) {
  const show = useShow();
  const { t } = show;
  const call = useCall();
  const navigate = useNavigate();
  const read = useCallback(
    async (status: string, page: PageAt) =>
      (await call(spec.route, { status, ...page } as never)) as T[] | null,
    [call, spec.route],
  );
  const list = useServerList(spec.statuses[0] ?? '', read);
  const columns: Column<T>[] = [
    numberColumn(),
    ...spec.columns.map((c): Column<T> => ({ head: t(c.label), cell: (row) => c.value(row, show) })),
    {
      head: t('queue.status'),
      caption: false,
      cell: (row) => <span className={`badge badge--${row.status}`}>{t(statusKey(spec, row.status))}</span>,
    },
  ];
  return (
    <ListPage
      testId={`queue-${spec.route}`}
      title={
        <>
          {t(spec.title)} {spec.countKey && <WaitingCount which={spec.countKey} />}
        </>
      }
      filter={{
        label: t('queue.status'),
        testId: 'status-filter',
        list,
        options: [
          ...spec.statuses.map((s) => ({ value: s, label: t(statusKey(spec, s)) })),
          { value: '', label: t('status.all') },
        ],
      }}
    >
      <PagedTable
        rows={list.rows}
        pager={list.pager}
        empty={{ text: t('queue.empty'), testId: 'queue-empty' }}
        columns={columns}
        rowTestId="queue-row"
        onOpen={(row) => navigate(String(row.id), { state: row })}
      />
    </ListPage>
  );
}
