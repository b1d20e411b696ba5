import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { IeoPhase, IeoProject } from '../../../../domain/ieo-types';
import { Pager } from '../../components/pager';
import { useDuty } from '../../core/session';
import { clientPage } from '../../lists/client-page';
import { PAGE_SIZE } from '../../queue/queue-list';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import { useProjects } from './use-projects';

const PHASES: readonly IeoPhase[] = ['preheat', 'subscribe', 'ended'];

/** The projects as a table (cards on a phone); a row opens the project. */
function ProjectTable({ rows, show, open }: { rows: IeoProject[]; show: Show; open: (id: number) => void }) {
  const { t } = show;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th>{t('reviews.ieo.number')}</th>
            <th>{t('reviews.ieo.name')}</th>
            <th>{t('reviews.ieo.price')}</th>
            <th>{t('reviews.ieo.total')}</th>
            <th>{t('reviews.ieo.window')}</th>
            <th>{t('reviews.ieo.committed')}</th>
            <th>{t('reviews.ieo.phase')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr
              key={p.id}
              className="table__row--link"
              data-testid="ieo-row"
              tabIndex={0}
              onClick={() => open(p.id)}
              onKeyDown={(e) => e.key === 'Enter' && open(p.id)}
            >
              <td className="num">{p.number}</td>
              <td data-label={t('reviews.ieo.name')}>
                {p.name} ({p.coin})
              </td>
              <td data-label={t('reviews.ieo.price')}>
                {show.decimal(p.price)} {p.quote}
              </td>
              <td data-label={t('reviews.ieo.total')}>
                {show.decimal(p.total)} {p.coin}
              </td>
              <td data-label={t('reviews.ieo.window')}>
                {show.moment(p.opensAt)} – {show.moment(p.closesAt)}
              </td>
              <td data-label={t('reviews.ieo.committed')}>
                {show.decimal(p.committed)} {p.quote} · {p.subscribers}
              </td>
              <td data-label={t('reviews.ieo.phase')}>
                <span className={`badge badge--phase-${p.phase}`}>{t(`reviews.ieo.phases.${p.phase}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The projects, newest first, by phase; a reviewer opens one to edit it or creates one. */
export function ProjectList() {
  const show = useShow();
  const { t } = show;
  const navigate = useNavigate();
  const mayReview = useDuty('review');
  const [phase, setPhase] = useState<IeoPhase | ''>('');
  const [before, setBefore] = useState<number | null>(null);
  const { data, reload } = useProjects();
  const shown = data
    ? clientPage(
        data.filter((p) => phase === '' || p.phase === phase),
        before,
        PAGE_SIZE,
      )
    : null;
  const waiting = data?.filter((p) => p.phase === 'preheat').length;
  return (
    <section className="page" data-testid="ieo-projects">
      <header className="page__head">
        <h1 className="page__title">
          {t('reviews.nav.ieo')}{' '}
          {waiting !== undefined && (
            <span className="badge">{t('reviews.ieo.upcoming', { count: waiting })}</span>
          )}
        </h1>
        <label className="filter">
          <span>{t('reviews.ieo.phase')}</span>
          <select
            data-testid="phase-filter"
            value={phase}
            onChange={(e) => {
              setPhase(e.target.value as IeoPhase | '');
              setBefore(null);
            }}
          >
            <option value="">{t('status.all')}</option>
            {PHASES.map((p) => (
              <option key={p} value={p}>
                {t(`reviews.ieo.phases.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={reload}>
          {t('action.refresh')}
        </button>
        {mayReview && (
          <Link to="new" className="btn btn--primary" data-testid="ieo-new">
            {t('reviews.ieo.create')}
          </Link>
        )}
      </header>
      {shown === null ? (
        data === null ? (
          <p className="empty">{t('problem.failed')}</p>
        ) : (
          <p className="loading">…</p>
        )
      ) : shown.rows.length === 0 ? (
        <p className="empty" data-testid="ieo-empty">
          {t('queue.empty')}
        </p>
      ) : (
        <ProjectTable rows={shown.rows} show={show} open={(id) => navigate(String(id))} />
      )}
      <Pager
        atStart={before === null}
        next={shown?.next ?? null}
        onFirst={() => setBefore(null)}
        onNext={setBefore}
      />
    </section>
  );
}
