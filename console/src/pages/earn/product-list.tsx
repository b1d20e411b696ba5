import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDuty } from '../../core/session';
import { numberColumn, type Column } from '../../lists/data-table';
import { PagedTable } from '../../lists/paged-table';
import { ListPage } from '../../lists/list-page';
import { useClientList } from '../../lists/use-list';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import type { EarnProduct } from '../../../worker/routes';
import { productState, unitsText } from './product-form';
import { Reserves } from './reserves';
import { useProducts } from './use-products';

type State = ReturnType<typeof productState>;
const STATES: readonly State[] = ['upcoming', 'open', 'closed'];

/** The products' columns (cards on a phone); their state as at `now`. */
function productColumns(show: Show, now: number): Column<EarnProduct>[] {
  const { t } = show;
  return [
    numberColumn(),
    {
      head: t('reviews.earn.field.name'),
      cell: (p) => (
        <>
          {p.name} ({p.coin})
        </>
      ),
    },
    {
      head: t('reviews.earn.field.kind'),
      cell: (p) => (
        <>
          {t(`reviews.earn.kind.${p.kind}`)}
          {p.days !== null && ` · ${t('reviews.earn.days', { days: p.days })}`}
        </>
      ),
    },
    { head: t('reviews.earn.field.dailyRate'), cell: (p) => show.decimal(p.dailyRate) },
    {
      head: t('reviews.earn.field.minAmount'),
      cell: (p) => (
        <>
          {show.decimal(unitsText(p.minUnits))} {p.coin}
        </>
      ),
    },
    {
      head: t('reviews.earn.window'),
      cell: (p) => (
        <>
          {show.moment(p.opensAt)} – {p.closesAt === null ? '∞' : show.moment(p.closesAt)}
        </>
      ),
    },
    {
      head: t('queue.status'),
      cell: (p) => {
        const s = productState(p, now);
        return <span className={`badge badge--phase-${s}`}>{t(`reviews.earn.state.${s}`)}</span>;
      },
    },
  ];
}

/** The products, newest first, by state; a reviewer opens one to edit it or creates one. */
export function ProductList() {
  const show = useShow();
  const { t } = show;
  const navigate = useNavigate();
  const mayReview = useDuty('review');
  const products = useProducts();
  // The clock when the list was opened (a refresh reads the products again, not the clock).
  const [now] = useState(Date.now);
  const list = useClientList(products, '' as State | '', (p, s) => s === '' || productState(p, now) === s);
  const upcoming = products.data?.filter((p) => productState(p, now) === 'upcoming').length;
  return (
    <ListPage
      testId="earn-products"
      title={
        <>
          {t('reviews.nav.earn')}{' '}
          {upcoming !== undefined && (
            <span className="badge">{t('reviews.earn.upcomingCount', { count: upcoming })}</span>
          )}
        </>
      }
      filter={{
        label: t('queue.status'),
        testId: 'state-filter',
        list,
        options: [
          { value: '', label: t('status.all') },
          ...STATES.map((s) => ({ value: s, label: t(`reviews.earn.state.${s}`) })),
        ],
      }}
      tools={
        mayReview && (
          <Link to="new" className="btn btn--primary" data-testid="earn-new">
            {t('reviews.earn.create')}
          </Link>
        )
      }
    >
      <PagedTable
        rows={list.rows}
        pager={list.pager}
        empty={{ text: t('queue.empty'), testId: 'earn-empty' }}
        columns={productColumns(show, now)}
        rowTestId="earn-row"
        onOpen={(p) => navigate(String(p.id))}
      />
      <Reserves />
    </ListPage>
  );
}
