import { useCallback, useState } from 'react';
import { Pager } from '../../components/pager';
import { ReasonDialog } from '../../components/reason-dialog';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { PAGE_SIZE } from '../../queue/queue-list';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import type { FreezeItem } from '../../../worker/routes';
import '../../styles/reviews.css';

/** The freezes as a table (cards on a phone), with a lift button for reviewers. */
function FreezeTable({
  rows,
  show,
  mayReview,
  onLift,
}: {
  rows: FreezeItem[];
  show: Show;
  mayReview: boolean;
  onLift: (f: FreezeItem) => void;
}) {
  const { t } = show;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('field.account')}</th>
            <th>{t('field.reason')}</th>
            <th>{t('reviews.appeal.order')}</th>
            <th>{t('reviews.freeze.since')}</th>
            <th>{t('queue.status')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.id} data-testid="freeze-row">
              <td className="num">{f.id}</td>
              <td data-label={t('field.account')}>
                {f.account} (#{f.userId})
              </td>
              <td data-label={t('field.reason')}>{f.reason}</td>
              <td data-label={t('reviews.appeal.order')}>{f.orderId === null ? '—' : `#${f.orderId}`}</td>
              <td data-label={t('reviews.freeze.since')}>
                {show.moment(f.createdAt)} · {f.createdBy}
              </td>
              <td data-label={t('queue.status')}>
                {f.liftedAt === null ? (
                  <span className="badge badge--rejected">{t('reviews.freeze.inForce')}</span>
                ) : (
                  <span className="badge">
                    {t('reviews.freeze.liftedBy', {
                      name: f.liftedBy ?? '',
                      when: show.moment(f.liftedAt),
                    })}
                  </span>
                )}
              </td>
              <td>
                {mayReview && f.liftedAt === null && (
                  <button type="button" className="btn" data-testid="freeze-lift" onClick={() => onLift(f)}>
                    {t('reviews.freeze.lift')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The P2P freezes: those in force (or all), newest first, paged; a reviewer lifts one with a reason. */
export function Page() {
  const show = useShow();
  const { t } = show;
  const call = useCall();
  const mayReview = useDuty('review');
  const [all, setAll] = useState(false);
  const [before, setBefore] = useState<number | null>(null);
  const [lifting, setLifting] = useState<FreezeItem | null>(null);
  const load = useCallback(
    async () =>
      (await call('legal/freezes/list', {
        limit: PAGE_SIZE,
        ...(all && { all: '1' as const }),
        ...(before !== null && { before }),
      })) ?? [],
    [call, all, before],
  );
  const { data: rows, reload, update } = useLoad(load);
  const last = rows && rows.length === PAGE_SIZE ? rows[rows.length - 1]!.id : null;
  const lift = async (f: FreezeItem, reason: string) => {
    const row = await call('legal/freezes/lift', { id: f.id, reason });
    if (!row) return;
    setLifting(null);
    toast.success(t('reviews.freeze.lifted', { account: f.account }));
    update((list) =>
      all ? list.map((r) => (r.id === f.id ? { ...r, ...row } : r)) : list.filter((r) => r.id !== f.id),
    );
  };
  return (
    <section className="page" data-testid="freezes">
      <header className="page__head">
        <h1 className="page__title">{t('reviews.nav.freezes')}</h1>
        <label className="filter">
          <span>{t('queue.status')}</span>
          <select
            data-testid="freeze-filter"
            value={all ? 'all' : 'active'}
            onChange={(e) => {
              setAll(e.target.value === 'all');
              setBefore(null);
            }}
          >
            <option value="active">{t('reviews.freeze.active')}</option>
            <option value="all">{t('status.all')}</option>
          </select>
        </label>
        <button type="button" className="btn" onClick={reload}>
          {t('action.refresh')}
        </button>
      </header>
      {rows === undefined ? (
        <p className="loading">…</p>
      ) : rows.length === 0 ? (
        <p className="empty" data-testid="freezes-empty">
          {t('reviews.freeze.none')}
        </p>
      ) : (
        <FreezeTable rows={rows} show={show} mayReview={mayReview} onLift={setLifting} />
      )}
      <Pager atStart={before === null} next={last} onFirst={() => setBefore(null)} onNext={setBefore} />
      {lifting && (
        <ReasonDialog
          title={t('reviews.freeze.liftTitle', { account: lifting.account })}
          warning={t('reviews.freeze.liftWarning')}
          confirm={t('reviews.freeze.lift')}
          onSubmit={(reason) => lift(lifting, reason)}
          onClose={() => setLifting(null)}
        />
      )}
    </section>
  );
}
