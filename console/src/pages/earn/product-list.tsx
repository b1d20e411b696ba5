import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Pager } from '../../components/pager';
import { useDuty } from '../../core/session';
import { clientPage } from '../../lists/client-page';
import { PAGE_SIZE } from '../../queue/queue-list';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import type { EarnProduct } from '../../../worker/routes';
import { productState, unitsText } from './product-form';
import { Reserves } from './reserves';
import { useProducts } from './use-products';

const STATES = ['upcoming', 'open', 'closed'] as const;

/** The products as a table (cards on a phone); a row opens the product. */
function ProductTable({
  rows,
  show,
  now,
  open,
}: {
  rows: EarnProduct[];
  show: Show;
  now: number;
  open: (id: number) => void;
}) {
  const { t } = show;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('reviews.earn.field.name')}</th>
            <th>{t('reviews.earn.field.kind')}</th>
            <th>{t('reviews.earn.field.dailyRate')}</th>
            <th>{t('reviews.earn.field.minAmount')}</th>
            <th>{t('reviews.earn.window')}</th>
            <th>{t('queue.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => {
            const s = productState(p, now);
            return (
              <tr
                key={p.id}
                className="table__row--link"
                data-testid="earn-row"
                tabIndex={0}
                onClick={() => open(p.id)}
                onKeyDown={(e) => e.key === 'Enter' && open(p.id)}
              >
                <td className="num">{p.id}</td>
                <td data-label={t('reviews.earn.field.name')}>
                  {p.name} ({p.coin})
                </td>
                <td data-label={t('reviews.earn.field.kind')}>
                  {t(`reviews.earn.kind.${p.kind}`)}
                  {p.days !== null && ` · ${t('reviews.earn.days', { days: p.days })}`}
                </td>
                <td data-label={t('reviews.earn.field.dailyRate')}>{show.decimal(p.dailyRate)}</td>
                <td data-label={t('reviews.earn.field.minAmount')}>
                  {show.decimal(unitsText(p.minUnits))} {p.coin}
                </td>
                <td data-label={t('reviews.earn.window')}>
                  {show.moment(p.opensAt)} – {p.closesAt === null ? '∞' : show.moment(p.closesAt)}
                </td>
                <td data-label={t('queue.status')}>
                  <span className={`badge badge--phase-${s}`}>{t(`reviews.earn.state.${s}`)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The products, newest first, by state; a reviewer opens one to edit it or creates one. */
export function ProductList() {
  const show = useShow();
  const { t } = show;
  const navigate = useNavigate();
  const mayReview = useDuty('review');
  const [state, setState] = useState<(typeof STATES)[number] | ''>('');
  const [before, setBefore] = useState<number | null>(null);
  const { data, reload } = useProducts();
  // The clock when the list was opened (a refresh reads the products again, not the clock).
  const [now] = useState(Date.now);
  const shown = data
    ? clientPage(
        data.filter((p) => state === '' || productState(p, now) === state),
        before,
        PAGE_SIZE,
      )
    : null;
  const upcoming = data?.filter((p) => productState(p, now) === 'upcoming').length;
  return (
    <section className="page" data-testid="earn-products">
      <header className="page__head">
        <h1 className="page__title">
          {t('reviews.nav.earn')}{' '}
          {upcoming !== undefined && (
            <span className="badge">{t('reviews.earn.upcomingCount', { count: upcoming })}</span>
          )}
        </h1>
        <label className="filter">
          <span>{t('queue.status')}</span>
          <select
            data-testid="state-filter"
            value={state}
            onChange={(e) => {
              setState(e.target.value as (typeof STATES)[number] | '');
              setBefore(null);
            }}
          >
            <option value="">{t('status.all')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`reviews.earn.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={reload}>
          {t('action.refresh')}
        </button>
        {mayReview && (
          <Link to="new" className="btn btn--primary" data-testid="earn-new">
            {t('reviews.earn.create')}
          </Link>
        )}
      </header>
      {shown === null ? (
        <p className={data === null ? 'empty' : 'loading'}>{data === null ? t('problem.failed') : '…'}</p>
      ) : shown.rows.length === 0 ? (
        <p className="empty" data-testid="earn-empty">
          {t('queue.empty')}
        </p>
      ) : (
        <ProductTable rows={shown.rows} show={show} now={now} open={(id) => navigate(String(id))} />
      )}
      <Pager
        atStart={before === null}
        next={shown?.next ?? null}
        onFirst={() => setBefore(null)}
        onNext={setBefore}
      />
      <Reserves />
    </section>
  );
}
