import { Link, useNavigate } from 'react-router-dom';
import type { IeoPhase, IeoProject } from '../../../../domain/ieo-types';
import { useDuty } from '../../core/session';
import { numberColumn, type Column } from '../../lists/data-table';
import { PagedTable } from '../../lists/paged-table';
import { ListPage } from '../../lists/list-page';
import { useClientList } from '../../lists/use-list';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import { useProjects } from './use-projects';

const PHASES: readonly IeoPhase[] = ['preheat', 'subscribe', 'ended'];

/** The projects' columns (cards on a phone). */
function projectColumns(show: Show): Column<IeoProject>[] {
  const { t } = show;
  return [
    numberColumn(t('reviews.ieo.number'), (p) => p.number),
    {
      head: t('reviews.ieo.name'),
      cell: (p) => (
        <>
          {p.name} ({p.coin})
        </>
      ),
    },
    {
      head: t('reviews.ieo.price'),
      cell: (p) => (
        <>
          {show.decimal(p.price)} {p.quote}
        </>
      ),
    },
    {
      head: t('reviews.ieo.total'),
      cell: (p) => (
        <>
          {show.decimal(p.total)} {p.coin}
        </>
      ),
    },
    {
      head: t('reviews.ieo.window'),
      cell: (p) => (
        <>
          {show.moment(p.opensAt)} – {show.moment(p.closesAt)}
        </>
      ),
    },
    {
      head: t('reviews.ieo.committed'),
      cell: (p) => (
        <>
          {show.decimal(p.committed)} {p.quote} · {p.subscribers}
        </>
      ),
    },
    {
      head: t('reviews.ieo.phase'),
      cell: (p) => (
        <span className={`badge badge--phase-${p.phase}`}>{t(`reviews.ieo.phases.${p.phase}`)}</span>
      ),
    },
  ];
}

/** The projects, newest first, by phase; a reviewer opens one to edit it or creates one. */
export function ProjectList() {
  const show = useShow();
  const { t } = show;
  const navigate = useNavigate();
  const mayReview = useDuty('review');
  const projects = useProjects();
  const list = useClientList(projects, '' as IeoPhase | '', (p, phase) => phase === '' || p.phase === phase);
  const waiting = projects.data?.filter((p) => p.phase === 'preheat').length;
  return (
    <ListPage
      testId="ieo-projects"
      title={
        <>
          {t('reviews.nav.ieo')}{' '}
          {waiting !== undefined && (
            <span className="badge">{t('reviews.ieo.upcoming', { count: waiting })}</span>
          )}
        </>
      }
      filter={{
        label: t('reviews.ieo.phase'),
        testId: 'phase-filter',
        list,
        options: [
          { value: '', label: t('status.all') },
          ...PHASES.map((p) => ({ value: p, label: t(`reviews.ieo.phases.${p}`) })),
        ],
      }}
      tools={
        mayReview && (
          <Link to="new" className="btn btn--primary" data-testid="ieo-new">
            {t('reviews.ieo.create')}
          </Link>
        )
      }
    >
      <PagedTable
        rows={list.rows}
        pager={list.pager}
        empty={{ text: t('queue.empty'), testId: 'ieo-empty' }}
        columns={projectColumns(show)}
        rowTestId="ieo-row"
        onOpen={(p) => navigate(String(p.id))}
      />
    </ListPage>
  );
}
