import { useCallback, useState } from 'react';
import { ReasonDialog } from '../../components/reason-dialog';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { numberColumn, type Column } from '../../lists/data-table';
import { PagedTable } from '../../lists/paged-table';
import { ListPage } from '../../lists/list-page';
import { useServerList, type PageAt } from '../../lists/use-list';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import type { FreezeItem } from '../../../worker/routes';
import '../../styles/reviews.css';

/** Which freezes are listed: those in force, or all (lifted ones too). */
type Shown = 'active' | 'all';

/** The freezes' columns (cards on a phone), with a lift button for reviewers. */
function freezeColumns(
  show: Show,
  mayReview: boolean,
  onLift: (f: FreezeItem) => void,
): Column<FreezeItem>[] {
  const { t } = show;
  return [
    numberColumn(),
    {
      head: t('field.account'),
      cell: (f) => (
        <>
          {f.account} (#{f.userId})
        </>
      ),
    },
    { head: t('field.reason'), cell: (f) => f.reason },
    { head: t('reviews.appeal.order'), cell: (f) => (f.orderId === null ? '—' : `#${f.orderId}`) },
    {
      head: t('reviews.freeze.since'),
      cell: (f) => (
        <>
          {show.moment(f.createdAt)} · {f.createdBy}
        </>
      ),
    },
    {
      head: t('queue.status'),
      cell: (f) =>
        f.liftedAt === null ? (
          <span className="badge badge--rejected">{t('reviews.freeze.inForce')}</span>
        ) : (
          <span className="badge">
            {t('reviews.freeze.liftedBy', { name: f.liftedBy ?? '', when: show.moment(f.liftedAt) })}
          </span>
        ),
    },
    {
      head: '',
      caption: false,
      cell: (f) =>
        mayReview &&
        f.liftedAt === null && (
          <button type="button" className="btn" data-testid="freeze-lift" onClick={() => onLift(f)}>
            {t('reviews.freeze.lift')}
          </button>
        ),
    },
  ];
}

/** The P2P freezes: those in force (or all), newest first, paged; a reviewer lifts one with a reason. */
export function Page() {
  const show = useShow();
  const { t } = show;
  const call = useCall();
  const mayReview = useDuty('review');
  const [lifting, setLifting] = useState<FreezeItem | null>(null);
  const read = useCallback(
    (shown: Shown, page: PageAt) =>
      call('legal/freezes/list', { ...page, ...(shown === 'all' && { all: '1' as const }) }),
    [call],
  );
  const list = useServerList('active', read);
  const all = list.filter === 'all';
  const lift = async (f: FreezeItem, reason: string) => {
    const row = await call('legal/freezes/lift', { id: f.id, reason });
    if (!row) return;
    setLifting(null);
    toast.success(t('reviews.freeze.lifted', { account: f.account }));
    list.update((rows) =>
      all ? rows.map((r) => (r.id === f.id ? { ...r, ...row } : r)) : rows.filter((r) => r.id !== f.id),
    );
  };
  return (
    <ListPage
      testId="freezes"
      title={t('reviews.nav.freezes')}
      filter={{
        label: t('queue.status'),
        testId: 'freeze-filter',
        list,
        options: [
          { value: 'active', label: t('reviews.freeze.active') },
          { value: 'all', label: t('status.all') },
        ],
      }}
    >
      <PagedTable
        rows={list.rows}
        pager={list.pager}
        empty={{ text: t('reviews.freeze.none'), testId: 'freezes-empty' }}
        columns={freezeColumns(show, mayReview, setLifting)}
        rowTestId="freeze-row"
      />
      {lifting && (
        <ReasonDialog
          title={t('reviews.freeze.liftTitle', { account: lifting.account })}
          warning={t('reviews.freeze.liftWarning')}
          confirm={t('reviews.freeze.lift')}
          onSubmit={(reason) => lift(lifting, reason)}
          onClose={() => setLifting(null)}
        />
      )}
    </ListPage>
  );
}
